import { Field, type FieldProps } from "./ui/field"

export type TextFieldProps = FieldProps & { label: string }

/** A labelled input with its hint and error wired to aria-describedby (the kit's Field). */
export function TextField(props: TextFieldProps) {
  return <Field {...props} />
}
