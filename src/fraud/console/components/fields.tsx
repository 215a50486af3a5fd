/**
 * @module
 * Form and description-list fields the pages share: a labelled select, and one term with its value.
 */
import type { Child } from 'hono/jsx'

/**
 * One term and its value in a `<dl class="fields">`.
 *
 * @example
 * <Field term="Source">bundled default</Field>
 */
export function Field(props: { term: Child; children?: Child }) {
  return (
    <div>
      <dt>{props.term}</dt>
      <dd>{props.children}</dd>
    </div>
  )
}

/**
 * A labelled select inside a filter form; `any` adds a first, empty choice with that text.
 *
 * @example
 * <SelectField id="signal" label="Signal" any="Any" options={codes} selected={filter.signal} />
 */
export function SelectField(props: { id: string; name?: string; label: string; options: readonly string[]; selected?: string; any?: string }) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <select id={props.id} name={props.name ?? props.id}>
        {props.any !== undefined && <option value="">{props.any}</option>}
        {props.options.map((value) => (
          <option value={value} selected={value === props.selected}>
            {value}
          </option>
        ))}
      </select>
    </div>
  )
}
