/**
 * @module
 * German evaluation labels. Written for this set after common product types; expectations by hand
 * from the label text (conventions in ../types.ts).
 */
import type { EvalLabel } from '../types.ts'

export const DE: EvalLabel[] = [
  {
    id: 'de-food-01', language: 'de', kind: 'food', product: 'Vollmilchschokolade',
    text: 'Zutaten: Zucker, Kakaobutter, Vollmilchpulver, Kakaomasse, Süßmolkenpulver (Milch), Butterreinfett (Milch), Emulgator: Lecithine (Soja), natürliches Vanillearoma. Kakao: 30 % mindestens in der Schokolade. Kann Spuren von Haselnüssen, Mandeln und Gluten enthalten.',
    ingredients: ['Zucker', 'Kakaobutter', 'Vollmilchpulver', 'Kakaomasse', 'Süßmolkenpulver (Milch)', 'Butterreinfett (Milch)', 'Lecithine (Soja)', 'natürliches Vanillearoma'],
    contains: ['milk', 'soybeans'], mayContain: ['nuts', 'gluten'],
  },
  {
    id: 'de-food-02', language: 'de', kind: 'food', product: 'Roggenmischbrot',
    text: 'Zutaten: Roggenmehl (45 %), Wasser, Weizenmehl, Sauerteig (Roggenmehl, Wasser), Speisesalz, Hefe, Gerstenmalzmehl, Brotgewürz (Kümmel, Koriander, Fenchel). Kann Spuren von Sesam, Soja und Lupine enthalten.',
    ingredients: ['Roggenmehl', 'Wasser', 'Weizenmehl', 'Sauerteig (Roggenmehl; Wasser)', 'Speisesalz', 'Hefe', 'Gerstenmalzmehl', 'Brotgewürz (Kümmel; Koriander; Fenchel)'],
    contains: ['gluten'], mayContain: ['sesame', 'soybeans', 'lupin'],
  },
  {
    id: 'de-food-03', language: 'de', kind: 'food', product: 'Wiener Würstchen',
    text: 'Zutaten: Schweinefleisch (75 %), Trinkwasser, Speck, Nitritpökelsalz (Speisesalz, Konservierungsstoff: Natriumnitrit), Gewürze, Senfsaat, Dextrose, Stabilisator: Diphosphate, Antioxidationsmittel: Ascorbinsäure, Rauch. Schweinefleisch aus Deutschland.',
    ingredients: ['Schweinefleisch', 'Trinkwasser', 'Speck', 'Nitritpökelsalz (Speisesalz; Natriumnitrit)', 'Gewürze', 'Senfsaat', 'Dextrose', 'Diphosphate', 'Ascorbinsäure', 'Rauch'],
    contains: ['mustard'], mayContain: [],
  },
  {
    id: 'de-food-04', language: 'de', kind: 'food', product: 'Gemüsebrühe',
    text: 'Zutaten: Speisesalz, Maltodextrin, Geschmacksverstärker: Mononatriumglutamat, Dinatriuminosinat, Gemüse 9 % (Karotten, Zwiebeln, Sellerie, Lauch), Sonnenblumenöl, Hefeextrakt, Zucker, Gewürze (enthalten Sellerie), Petersilie. Kann Spuren von Milch, Ei, Senf und Gluten enthalten.',
    ingredients: ['Speisesalz', 'Maltodextrin', 'Mononatriumglutamat', 'Dinatriuminosinat', 'Gemüse (Karotten; Zwiebeln; Sellerie; Lauch)', 'Sonnenblumenöl', 'Hefeextrakt', 'Zucker', 'Gewürze (enthalten Sellerie)', 'Petersilie'],
    contains: ['celery'], mayContain: ['milk', 'eggs', 'mustard', 'gluten'],
  },
  {
    id: 'de-food-05', language: 'de', kind: 'food', product: 'Müsliriegel Erdnuss-Haselnuss',
    text: 'Zutaten: Haferflocken 35 %, Glukosesirup, geröstete Erdnüsse und gehackte Haselnüsse 15 %, Honig, Zucker, Palmfett, Reiscrisps (Reismehl, Zucker, Salz), Magermilchpulver, Feuchthaltemittel: Sorbit, Meersalz. Enthält: Hafer, Erdnüsse, Haselnüsse, Milch.',
    ingredients: ['Haferflocken', 'Glukosesirup', 'geröstete Erdnüsse', 'gehackte Haselnüsse', 'Honig', 'Zucker', 'Palmfett', 'Reiscrisps (Reismehl; Zucker; Salz)', 'Magermilchpulver', 'Sorbit', 'Meersalz'],
    contains: ['gluten', 'peanuts', 'nuts', 'milk'], mayContain: [],
  },
  {
    id: 'de-food-06', language: 'de', kind: 'food', product: 'Fischstäbchen',
    text: 'Zutaten: Alaska-Seelachsfilet* (65 %), Panade (Weizenmehl, Wasser, Kartoffelstärke, Salz, Hefe, Paprika, Kurkuma), Rapsöl. *aus nachhaltiger, MSC-zertifizierter Fischerei. Fanggebiet: Nordostpazifik.',
    ingredients: ['Alaska-Seelachsfilet', 'Panade (Weizenmehl; Wasser; Kartoffelstärke; Salz; Hefe; Paprika; Kurkuma)', 'Rapsöl'],
    contains: ['fish', 'gluten'], mayContain: [],
  },
  {
    id: 'de-food-07', language: 'de', kind: 'food', product: 'Kartoffelsalat',
    text: 'Zutaten: Kartoffeln 65 %, Rapsöl, Gewürzgurken (Gurken, Branntweinessig, Zucker, Salz, Senfsaat), Zwiebeln, Eigelb, Branntweinessig, Zucker, Speisesalz, Senf (Wasser, Senfsaat, Essig, Salz), Konservierungsstoff: Kaliumsorbat, Verdickungsmittel: Guarkernmehl.',
    ingredients: ['Kartoffeln', 'Rapsöl', 'Gewürzgurken (Gurken; Branntweinessig; Zucker; Salz; Senfsaat)', 'Zwiebeln', 'Eigelb', 'Branntweinessig', 'Zucker', 'Speisesalz', 'Senf (Wasser; Senfsaat; Essig; Salz)', 'Kaliumsorbat', 'Guarkernmehl'],
    contains: ['eggs', 'mustard'], mayContain: [],
  },
  {
    id: 'de-food-08', language: 'de', kind: 'food', product: 'Bio-Dinkel-Vollkornspaghetti',
    text: 'Zutaten: Dinkelvollkorngrieß* (100 %). *aus kontrolliert biologischem Anbau. Kann Spuren von Ei und Soja enthalten.',
    ingredients: ['Dinkelvollkorngrieß'],
    contains: ['gluten'], mayContain: ['eggs', 'soybeans'],
  },
  {
    id: 'de-food-09', language: 'de', kind: 'food', product: 'Fruchtgummi',
    text: 'Zutaten: Glukosesirup, Zucker, Gelatine, Dextrose, Säuerungsmittel: Citronensäure, Fruchtsaft aus Fruchtsaftkonzentrat (Apfel, Himbeere, Zitrone), Aroma, färbende Lebensmittel: Konzentrate aus Färberdistel, Spirulina, Schwarzer Karotte, Überzugsmittel: Bienenwachs, Carnaubawachs.',
    ingredients: ['Glukosesirup', 'Zucker', 'Gelatine', 'Dextrose', 'Citronensäure', 'Fruchtsaft aus Fruchtsaftkonzentrat (Apfel; Himbeere; Zitrone)', 'Aroma', 'Konzentrate aus Färberdistel', 'Spirulina', 'Schwarzer Karotte', 'Bienenwachs', 'Carnaubawachs'],
    contains: [], mayContain: [],
  },
  {
    id: 'de-food-10', language: 'de', kind: 'food', product: 'Heringsfilets in Sahnesauce',
    text: 'Zutaten: Heringsfilets 50 %, Sahne 20 % (Milch), Zwiebeln, Gewürzgurken, Branntweinessig, Zucker, Speisesalz, modifizierte Stärke, Senfkörner, Säuerungsmittel: Milchsäure, Konservierungsstoff: Benzoesäure. Enthält Fisch, Milch und Senf.',
    ingredients: ['Heringsfilets', 'Sahne (Milch)', 'Zwiebeln', 'Gewürzgurken', 'Branntweinessig', 'Zucker', 'Speisesalz', 'modifizierte Stärke', 'Senfkörner', 'Milchsäure', 'Benzoesäure'],
    contains: ['fish', 'milk', 'mustard'], mayContain: [],
  },
  {
    id: 'de-food-11', language: 'de', kind: 'food', product: 'Kokos-Milchreis',
    text: 'Zutaten: Kokosmilch 60 % (Kokosnussextrakt, Wasser), Rundkornreis 18 %, Zucker, Wasser, Reismehl, Vanilleextrakt, Salz. Vegan. Kann Spuren von Milch enthalten.',
    ingredients: ['Kokosmilch (Kokosnussextrakt; Wasser)', 'Rundkornreis', 'Zucker', 'Wasser', 'Reismehl', 'Vanilleextrakt', 'Salz'],
    contains: [], mayContain: ['milk'],
  },
  {
    id: 'de-food-12', language: 'de', kind: 'food', product: 'Lebkuchen',
    text: 'Zutaten: Zucker, Invertzuckersirup, Weizenmehl, Mandeln (12 %), Roggenmehl, Orangeat (Orangenschale, Glukose-Fructose-Sirup, Zucker), Haselnüsse, Gewürze (Zimt, Muskatnuss, Nelken, Kardamom), Backtriebmittel: Ammoniumhydrogencarbonat, Pottasche, Vollei, Salz. Kann Spuren von Erdnüssen und Sesam enthalten.',
    ingredients: ['Zucker', 'Invertzuckersirup', 'Weizenmehl', 'Mandeln', 'Roggenmehl', 'Orangeat (Orangenschale; Glukose-Fructose-Sirup; Zucker)', 'Haselnüsse', 'Gewürze (Zimt; Muskatnuss; Nelken; Kardamom)', 'Ammoniumhydrogencarbonat', 'Pottasche', 'Vollei', 'Salz'],
    contains: ['gluten', 'nuts', 'eggs'], mayContain: ['peanuts', 'sesame'],
  },
  {
    id: 'de-food-13', language: 'de', kind: 'food', product: 'Sojasauce',
    text: 'Zutaten: Wasser, Sojabohnen (24 %), Weizen, Speisesalz, Alkohol. Allergiehinweis: Enthält Soja und Weizen (Gluten).',
    ingredients: ['Wasser', 'Sojabohnen', 'Weizen', 'Speisesalz', 'Alkohol'],
    contains: ['soybeans', 'gluten'], mayContain: [],
  },
  {
    id: 'de-food-14', language: 'de', kind: 'food', product: 'Paella mit Meeresfrüchten (tiefgekühlt)',
    text: 'Zutaten: gekochter Reis 45 % (Wasser, Reis), Meeresfrüchte 20 % (Miesmuscheln, Garnelen, Tintenfischringe), Erbsen, Paprika, Zwiebeln, Olivenöl, Knoblauch, Speisesalz, Tomatenmark, Gewürze, Safran, Zitronensaft. Enthält: Weichtiere, Krebstiere.',
    ingredients: ['gekochter Reis (Wasser; Reis)', 'Meeresfrüchte (Miesmuscheln; Garnelen; Tintenfischringe)', 'Erbsen', 'Paprika', 'Zwiebeln', 'Olivenöl', 'Knoblauch', 'Speisesalz', 'Tomatenmark', 'Gewürze', 'Safran', 'Zitronensaft'],
    contains: ['molluscs', 'crustaceans'], mayContain: [],
  },
  {
    id: 'de-food-15', language: 'de', kind: 'food', product: 'Margarine',
    text: 'Zutaten: pflanzliche Öle und Fette (Raps, Palm, Kokos) 70 %, Wasser, Buttermilch (Milch), Speisesalz 0,3 %, Emulgator: Mono- und Diglyceride von Speisefettsäuren, Säuerungsmittel: Citronensäure, natürliches Aroma, Farbstoff: Carotin, Vitamin A, Vitamin D.',
    ingredients: ['pflanzliche Öle und Fette (Raps; Palm; Kokos)', 'Wasser', 'Buttermilch (Milch)', 'Speisesalz', 'Mono- und Diglyceride von Speisefettsäuren', 'Citronensäure', 'natürliches Aroma', 'Carotin', 'Vitamin A', 'Vitamin D'],
    contains: ['milk'], mayContain: [],
  },
  {
    id: 'de-food-16', language: 'de', kind: 'food', product: 'Erdbeerjoghurt',
    text: 'Zutaten: Joghurt aus pasteurisierter Vollmilch aus Deutschland (80 %), Zucker, Erdbeeren (8 %), modifizierte Stärke, Zitronensaftkonzentrat, natürliches Aroma, Joghurtkulturen. Prozentangaben beziehen sich auf das Gesamtprodukt.',
    ingredients: ['Joghurt aus pasteurisierter Vollmilch', 'Zucker', 'Erdbeeren', 'modifizierte Stärke', 'Zitronensaftkonzentrat', 'natürliches Aroma', 'Joghurtkulturen'],
    contains: ['milk'], mayContain: [],
  },
  {
    id: 'de-cos-01', language: 'de', kind: 'cosmetic', product: 'Handcreme (ältere Rezeptur)',
    text: 'Inhaltsstoffe: Aqua, Glycerin, Cetearyl Alcohol, Paraffinum Liquidum, Butyrospermum Parkii Butter, Glyceryl Stearate, Sodium Cetearyl Sulfate, Panthenol, Allantoin, Phenoxyethanol, Methylparaben, Propylparaben, Parfum, Alpha-Isomethyl Ionone, Benzyl Salicylate, Butylphenyl Methylpropional, Citronellol.',
    ingredients: ['Aqua', 'Glycerin', 'Cetearyl Alcohol', 'Paraffinum Liquidum', 'Butyrospermum Parkii Butter', 'Glyceryl Stearate', 'Sodium Cetearyl Sulfate', 'Panthenol', 'Allantoin', 'Phenoxyethanol', 'Methylparaben', 'Propylparaben', 'Parfum', 'Alpha-Isomethyl Ionone', 'Benzyl Salicylate', 'Butylphenyl Methylpropional', 'Citronellol'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { 'Butylphenyl Methylpropional': 'prohibited', Methylparaben: 'restricted', Propylparaben: 'restricted', Allantoin: 'allowed' },
  },
  {
    id: 'de-cos-02', language: 'de', kind: 'cosmetic', product: 'Duschgel',
    text: 'Inhaltsstoffe: Aqua, Sodium Laureth Sulfate, Cocamidopropyl Betaine, Sodium Chloride, PEG-7 Glyceryl Cocoate, Glycol Distearate, Parfum, Lactic Acid, Sodium Benzoate, Styrene/Acrylates Copolymer, Polyquaternium-7, Limonene, Linalool, Hexyl Cinnamal, CI 17200.',
    ingredients: ['Aqua', 'Sodium Laureth Sulfate', 'Cocamidopropyl Betaine', 'Sodium Chloride', 'PEG-7 Glyceryl Cocoate', 'Glycol Distearate', 'Parfum', 'Lactic Acid', 'Sodium Benzoate', 'Styrene/Acrylates Copolymer', 'Polyquaternium-7', 'Limonene', 'Linalool', 'Hexyl Cinnamal', 'CI 17200'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { 'Sodium Benzoate': 'restricted', 'Hexyl Cinnamal': 'restricted', 'Glycol Distearate': 'allowed' },
  },
  {
    id: 'de-cos-03', language: 'de', kind: 'cosmetic', product: 'Sonnenspray LSF 30',
    text: 'Inhaltsstoffe: Alcohol Denat., C12-15 Alkyl Benzoate, Homosalate, Ethylhexyl Salicylate, Octocrylene, Butyl Methoxydibenzoylmethane, Diethylamino Hydroxybenzoyl Hexyl Benzoate, Tocopheryl Acetate, Parfum.',
    ingredients: ['Alcohol Denat.', 'C12-15 Alkyl Benzoate', 'Homosalate', 'Ethylhexyl Salicylate', 'Octocrylene', 'Butyl Methoxydibenzoylmethane', 'Diethylamino Hydroxybenzoyl Hexyl Benzoate', 'Tocopheryl Acetate', 'Parfum'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { 'Diethylamino Hydroxybenzoyl Hexyl Benzoate': 'restricted', Homosalate: 'restricted', 'Ethylhexyl Salicylate': 'restricted', 'C12-15 Alkyl Benzoate': 'allowed' },
  },
  {
    id: 'de-cos-04', language: 'de', kind: 'cosmetic', product: 'Lippenpflegestift',
    text: 'Inhaltsstoffe: Ricinus Communis Seed Oil, Cera Alba, Prunus Amygdalus Dulcis Oil, Triticum Vulgare Germ Oil, Simmondsia Chinensis Seed Oil, Copernicia Cerifera Cera, Tocopherol, Aroma, Limonene.',
    ingredients: ['Ricinus Communis Seed Oil', 'Cera Alba', 'Prunus Amygdalus Dulcis Oil', 'Triticum Vulgare Germ Oil', 'Simmondsia Chinensis Seed Oil', 'Copernicia Cerifera Cera', 'Tocopherol', 'Aroma', 'Limonene'],
    contains: ['nuts', 'gluten', 'fragrance'], mayContain: [],
    verdicts: { 'Cera Alba': 'allowed', 'Simmondsia Chinensis Seed Oil': 'allowed' },
  },
  {
    id: 'de-cos-05', language: 'de', kind: 'cosmetic', product: 'Haarspülung',
    text: 'Inhaltsstoffe: Aqua, Cetearyl Alcohol, Behentrimonium Chloride, Isopropyl Myristate, Amodimethicone, Hydrolyzed Keratin, Panthenol, Parfum, Citric Acid, Methylchloroisothiazolinone, Methylisothiazolinone, Coumarin, Linalool.',
    ingredients: ['Aqua', 'Cetearyl Alcohol', 'Behentrimonium Chloride', 'Isopropyl Myristate', 'Amodimethicone', 'Hydrolyzed Keratin', 'Panthenol', 'Parfum', 'Citric Acid', 'Methylchloroisothiazolinone', 'Methylisothiazolinone', 'Coumarin', 'Linalool'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { Methylisothiazolinone: 'restricted', Methylchloroisothiazolinone: 'restricted', 'Isopropyl Myristate': 'allowed' },
  },
  {
    id: 'de-cos-06', language: 'de', kind: 'cosmetic', product: 'Zahncreme',
    text: 'Inhaltsstoffe: Aqua, Sorbitol, Hydrated Silica, Glycerin, Sodium Lauryl Sulfate, Aroma, Sodium Monofluorophosphate, Cellulose Gum, Sodium Saccharin, Limonene, Eugenol, CI 77891. Enthält Natriummonofluorphosphat (1450 ppm Fluorid).',
    ingredients: ['Aqua', 'Sorbitol', 'Hydrated Silica', 'Glycerin', 'Sodium Lauryl Sulfate', 'Aroma', 'Sodium Monofluorophosphate', 'Cellulose Gum', 'Sodium Saccharin', 'Limonene', 'Eugenol', 'CI 77891'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { 'Sodium Monofluorophosphate': 'restricted', 'Hydrated Silica': 'allowed' },
  },
  {
    id: 'de-cos-07', language: 'de', kind: 'cosmetic', product: 'Wundschutzcreme für Babys',
    text: 'Inhaltsstoffe: Aqua, Zinc Oxide, Paraffinum Liquidum, Lanolin, Cera Microcristallina, Glycerin, Panthenol, Chamomilla Recutita Flower Extract, Bisabolol, Tocopherol. Parfümfrei.',
    ingredients: ['Aqua', 'Zinc Oxide', 'Paraffinum Liquidum', 'Lanolin', 'Cera Microcristallina', 'Glycerin', 'Panthenol', 'Chamomilla Recutita Flower Extract', 'Bisabolol', 'Tocopherol'],
    contains: [], mayContain: [],
    verdicts: { 'Zinc Oxide': 'restricted', Lanolin: 'allowed', Bisabolol: 'allowed' },
  },
]
