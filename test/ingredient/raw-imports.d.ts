// Vite's "?raw" suffix imports a data file as its text (tests read data/ CSV files this way).
declare module '*?raw' {
  const text: string
  export default text
}
