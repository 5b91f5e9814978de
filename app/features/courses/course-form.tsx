import { Trans, useLingui } from '@lingui/react/macro'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { FormEvent } from 'react'
import type { z } from 'zod'
import { Form, useNavigation } from 'react-router'
import { Button } from '~/ui/button'
import { ConformField, ConformSelect, ConformTextArea, FormErrors } from '~/ui/field'
import { useForm } from '~/ui/use-form'
import { categoryName, courseCategories, courseLevels, currencies, levelName } from './catalogue'
import { courseFormSchema } from './schema'
import { LOCALE_NAMES, LOCALES } from '../../../contract/locales'

const options = (values: readonly string[], nameOf: (value: string) => string = (value) => value) =>
	values.map((value) => ({ value, label: nameOf(value) }))

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
	const { t } = useLingui()
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
			<ConformField label={t`Title`} meta={fields.title} required />
			<ConformField label={t`Subtitle (optional)`} meta={fields.subtitle} />
			<ConformTextArea label={t`Description`} meta={fields.description} rows={5} required />
			<div className="grid gap-4 sm:grid-cols-2">
				<ConformSelect
					label={t`Category`}
					meta={fields.category}
					options={options(courseCategories, (category) => categoryName(category, t))}
				/>
				<ConformSelect
					label={t`Level`}
					meta={fields.level}
					options={options(courseLevels, (level) => levelName(level, t))}
				/>
			</div>
			<div className="grid gap-4 sm:grid-cols-3">
				<ConformField
					label={t`Price`}
					hint={t`For example 49.99. Use 0 for a free course.`}
					meta={fields.price}
					inputMode="decimal"
					required
				/>
				<ConformField
					label={t`Discounted price (optional)`}
					meta={fields.discountedPrice}
					inputMode="decimal"
				/>
				<ConformSelect label={t`Currency`} meta={fields.currency} options={options(currencies)} />
			</div>
			<div className="grid gap-4 sm:grid-cols-3">
				<ConformField
					label={t`Max students (optional)`}
					meta={fields.maxStudents}
					inputMode="numeric"
				/>
				<ConformField
					label={t`Duration in weeks (optional)`}
					meta={fields.weeks}
					inputMode="numeric"
				/>
				<ConformField
					label={t`Hours per week (optional)`}
					meta={fields.hoursPerWeek}
					inputMode="decimal"
				/>
			</div>
			<ConformField
				label={t`Languages (optional)`}
				hint={t`Separate languages with commas.`}
				meta={fields.languages}
			/>
			<ConformSelect
				label={t`Language of the course's pages`}
				hint={t`Everyone in the course sees its pages in this language, whatever their own.`}
				meta={fields.pageLanguage}
				options={[
					{ value: '', label: t`Each person's own language` },
					...LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] })),
				]}
			/>
			<ConformTextArea
				label={t`Learning outcomes (optional)`}
				hint={t`One outcome per line.`}
				meta={fields.learningOutcomes}
				rows={4}
			/>
			<ConformTextArea
				label={t`Modules (optional)`}
				hint={t`One module per line: the title, then a colon and its topics separated by semicolons. For example: Limits: one-sided limits; continuity`}
				meta={fields.modules}
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
					<Trans>Published (visible in the course catalogue)</Trans>
				</label>
			</div>
			<div>
				<Button disabled={busy}>{busy ? t`Saving…` : submitLabel}</Button>
			</div>
		</Form>
	)
}
