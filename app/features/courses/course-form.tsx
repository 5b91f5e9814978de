import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { FormEvent } from 'react'
import type { z } from 'zod'
import { Form, useNavigation } from 'react-router'
import { Button } from '~/ui/button'
import {
	FormErrors,
	inputProps,
	SelectField,
	selectProps,
	TextAreaField,
	textareaProps,
	TextField,
} from '~/ui/field'
import { courseCategories, courseLevels, currencies } from './catalog'
import { courseFormSchema } from './schema'
import { useForm } from '~/ui/use-form'

const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }))

/** The teacher's create and edit form; it posts without JavaScript too. */
export function CourseForm({
	id,
	lastResult,
	defaultValue,
	submitLabel,
	onSubmit,
}: {
	id: string
	lastResult: SubmissionResult<string[]> | undefined
	defaultValue?: Record<string, string | undefined>
	submitLabel: string
	onSubmit?: (event: FormEvent<HTMLFormElement>) => void
}) {
	const navigation = useNavigation()
	const [form, fields] = useForm<z.input<typeof courseFormSchema>>({
		id,
		lastResult,
		defaultValue: defaultValue ?? { currency: 'USD', level: 'Beginner', category: 'Mathematics' },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: courseFormSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const busy = navigation.state === 'submitting'
	return (
		<Form
			method="post"
			className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6"
			{...getFormProps(form)}
			onSubmit={(event) => {
				// Checked first, so an invalid form is never queued offline.
				form.onSubmit(event)
				if (!event.defaultPrevented) onSubmit?.(event)
			}}
		>
			<FormErrors id={form.errorId} errors={form.errors} />
			<TextField label="Title" meta={fields.title} {...inputProps(fields.title, 'text')} required />
			<TextField
				label="Subtitle (optional)"
				meta={fields.subtitle}
				{...inputProps(fields.subtitle, 'text')}
			/>
			<TextAreaField
				label="Description"
				meta={fields.description}
				{...textareaProps(fields.description)}
				rows={5}
				required
			/>
			<div className="grid gap-4 sm:grid-cols-2">
				<SelectField
					label="Category"
					meta={fields.category}
					options={options(courseCategories)}
					{...selectProps(fields.category)}
				/>
				<SelectField
					label="Level"
					meta={fields.level}
					options={options(courseLevels)}
					{...selectProps(fields.level)}
				/>
			</div>
			<div className="grid gap-4 sm:grid-cols-3">
				<TextField
					label="Price"
					hint="For example 49.99. Use 0 for a free course."
					meta={fields.price}
					{...inputProps(fields.price, 'text')}
					inputMode="decimal"
					required
				/>
				<TextField
					label="Discounted price (optional)"
					meta={fields.discountedPrice}
					{...inputProps(fields.discountedPrice, 'text')}
					inputMode="decimal"
				/>
				<SelectField
					label="Currency"
					meta={fields.currency}
					options={options(currencies)}
					{...selectProps(fields.currency)}
				/>
			</div>
			<div className="grid gap-4 sm:grid-cols-3">
				<TextField
					label="Max students (optional)"
					meta={fields.maxStudents}
					{...inputProps(fields.maxStudents, 'text')}
					inputMode="numeric"
				/>
				<TextField
					label="Duration in weeks (optional)"
					meta={fields.weeks}
					{...inputProps(fields.weeks, 'text')}
					inputMode="numeric"
				/>
				<TextField
					label="Hours per week (optional)"
					meta={fields.hoursPerWeek}
					{...inputProps(fields.hoursPerWeek, 'text')}
					inputMode="decimal"
				/>
			</div>
			<TextField
				label="Languages (optional)"
				hint="Separate languages with commas."
				meta={fields.languages}
				{...inputProps(fields.languages, 'text')}
			/>
			<TextAreaField
				label="Learning outcomes (optional)"
				hint="One outcome per line."
				meta={fields.learningOutcomes}
				{...textareaProps(fields.learningOutcomes)}
				rows={4}
			/>
			<TextAreaField
				label="Modules (optional)"
				hint="One module per line: the title, then a colon and its topics separated by semicolons. For example: Limits: one-sided limits; continuity"
				meta={fields.modules}
				{...textareaProps(fields.modules)}
				rows={5}
			/>
			<div className="flex items-center gap-2">
				<input
					id={fields.isPublished.id}
					name={fields.isPublished.name}
					type="checkbox"
					defaultChecked={fields.isPublished.initialValue === 'on'}
					className="size-4"
				/>
				<label htmlFor={fields.isPublished.id} className="text-sm font-medium">
					Published (visible in the course catalogue)
				</label>
			</div>
			<div>
				<Button disabled={busy}>{busy ? 'Saving…' : submitLabel}</Button>
			</div>
		</Form>
	)
}
