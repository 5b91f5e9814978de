import { Trans, useLingui } from '@lingui/react/macro'
import {
	getInputProps,
	getSelectProps,
	getTextareaProps,
	type FieldMetadata,
} from '@conform-to/react'
import type {
	InputHTMLAttributes,
	ReactNode,
	SelectHTMLAttributes,
	TextareaHTMLAttributes,
} from 'react'

type Meta = { id: string; errorId: string; errors?: string[] }

function FieldShell({
	label,
	meta,
	hint,
	children,
}: {
	label: ReactNode
	meta: Meta
	hint?: string
	children: ReactNode
}) {
	return (
		// min-w-0: in a grid or flex row the field may be narrower than its input's natural width (a
		// file input's is wider than a phone's column), and the input shrinks to fit.
		<div className="flex min-w-0 flex-col gap-1">
			<label htmlFor={meta.id} className="text-sm font-medium text-slate-800">
				{label}
			</label>
			{children}
			{hint ? (
				<p id={`${meta.id}-hint`} className="text-xs text-slate-600">
					{hint}
				</p>
			) : null}
			<FieldErrors id={meta.errorId} errors={meta.errors} />
		</div>
	)
}

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
	if (!errors?.length) return null
	return (
		<ul id={id} className="text-sm text-red-700">
			{errors.map((error) => (
				<li key={error}>{error}</li>
			))}
		</ul>
	)
}

const inputClass =
	'w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-indigo-700 focus:outline-2 focus:outline-indigo-700 aria-[invalid=true]:border-red-700'

function describedBy(meta: Meta, hint?: string) {
	return (
		[meta.errors?.length ? meta.errorId : null, hint ? `${meta.id}-hint` : null]
			.filter(Boolean)
			.join(' ') || undefined
	)
}

export function TextField({
	label,
	meta,
	hint,
	...input
}: { label: ReactNode; meta: Meta; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
	return (
		<FieldShell label={label} meta={meta} hint={hint}>
			<input
				className={inputClass}
				{...input}
				id={meta.id}
				aria-invalid={meta.errors?.length ? true : undefined}
				aria-describedby={describedBy(meta, hint)}
			/>
		</FieldShell>
	)
}

export function TextAreaField({
	label,
	meta,
	hint,
	...textarea
}: { label: ReactNode; meta: Meta; hint?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
	return (
		<FieldShell label={label} meta={meta} hint={hint}>
			<textarea
				className={inputClass}
				{...textarea}
				id={meta.id}
				aria-invalid={meta.errors?.length ? true : undefined}
				aria-describedby={describedBy(meta, hint)}
			/>
		</FieldShell>
	)
}

export function SelectField({
	label,
	meta,
	hint,
	options,
	...select
}: {
	label: ReactNode
	meta: Meta
	hint?: string
	options: readonly { value: string; label: string }[]
} & SelectHTMLAttributes<HTMLSelectElement>) {
	const { t } = useLingui()
	return (
		<FieldShell label={label} meta={meta} hint={hint}>
			<select
				className={inputClass}
				{...select}
				id={meta.id}
				aria-invalid={meta.errors?.length ? true : undefined}
				aria-describedby={describedBy(meta, hint)}
			>
				{/* HTML wants a required list's first option to be an empty placeholder. */}
				{select.required && options[0]?.value !== '' && <option value="">{t`Choose…`}</option>}
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</select>
		</FieldShell>
	)
}

/** The whole-form errors of an action's reply (conform keeps them under ''), for FormErrors. */
export const formErrorsOf = (
	reply: { error?: Record<string, string[] | null> | null } | undefined,
) => reply?.error?.[''] ?? undefined

/** Errors for the whole form: the upstream's text and its 'path: msg' lines. */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
	if (!errors?.length) return null
	return (
		<div
			id={id}
			role="alert"
			className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
		>
			<ul className="list-inside list-disc">
				{errors.map((error) => (
					<li key={error}>{error}</li>
				))}
			</ul>
		</div>
	)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's own helpers take any schema
type AnyField = FieldMetadata<any, any, any>
type InputType =
	| 'text'
	| 'email'
	| 'password'
	| 'tel'
	| 'url'
	| 'file'
	| 'number'
	| 'date'
	| 'time'
	| 'datetime-local'
	| 'search'
	| 'hidden'

/** conform's input props without `key`, which React refuses to receive through a spread. */
export function inputProps(field: AnyField, type: InputType) {
	const { key: _key, ...props } = getInputProps(field, { type })
	return props
}

export function textareaProps(field: AnyField) {
	const { key: _key, ...props } = getTextareaProps(field)
	return props
}

export function selectProps(field: AnyField) {
	const { key: _key, ...props } = getSelectProps(field)
	return props
}

type FieldLabels = { label: ReactNode; meta: AnyField; hint?: string }

/**
 * A form's input bound to conform: label, input, hint and errors, with conform's name, id,
 * constraints and initial value, and the ids that tie them together (aria-describedby,
 * aria-invalid). A form writes `<ConformField label="Title" meta={fields.title} />`; attributes
 * given here (required, autoComplete, …) come after conform's.
 */
export function ConformField({
	meta,
	type = 'text',
	...rest
}: FieldLabels & { type?: InputType } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
	return <TextField meta={meta} {...inputProps(meta, type)} {...rest} />
}

type ConformFieldProps = Parameters<typeof ConformField>[0]

/**
 * A required email address, bound to conform: the email keyboard and the browser's own address
 * (`autoComplete="off"` where it is someone else's, as an invitation's).
 */
export function EmailField({
	label = <Trans>Email</Trans>,
	autoComplete = 'email',
	...rest
}: Omit<ConformFieldProps, 'type' | 'label'> & { label?: ReactNode }) {
	return <ConformField label={label} type="email" autoComplete={autoComplete} required {...rest} />
}

/**
 * A required password, bound to conform: the saved one by default, `autoComplete="new-password"`
 * where one is chosen.
 */
export function PasswordField({
	label = <Trans>Password</Trans>,
	autoComplete = 'current-password',
	...rest
}: Omit<ConformFieldProps, 'type' | 'label'> & { label?: ReactNode }) {
	return (
		<ConformField label={label} type="password" autoComplete={autoComplete} required {...rest} />
	)
}

/** A textarea bound to conform, as ConformField. */
export function ConformTextArea({
	meta,
	...rest
}: FieldLabels & TextareaHTMLAttributes<HTMLTextAreaElement>) {
	return <TextAreaField meta={meta} {...textareaProps(meta)} {...rest} />
}

/** A select bound to conform, as ConformField. */
export function ConformSelect({
	meta,
	...rest
}: FieldLabels & {
	options: readonly { value: string; label: string }[]
} & SelectHTMLAttributes<HTMLSelectElement>) {
	return <SelectField meta={meta} {...selectProps(meta)} {...rest} />
}
