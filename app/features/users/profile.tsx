import { useLingui } from '@lingui/react/macro'
import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { ConformField, ConformTextArea, FormErrors } from '~/ui/field'
import { useForm, useSubmitting } from '~/ui/use-form'
import { profilePictureSchema, type Profile } from './schema'

/** The picture the API stores is a path under its base (`/files/<key>`); the app serves the same path. */
export function ProfilePicture({ profile, size = 96 }: { profile: Profile; size?: number }) {
	const { t } = useLingui()
	const name = profile.name
	if (profile.profilePicture) {
		return (
			<img
				src={profile.profilePicture}
				alt={t`Profile picture of ${name}`}
				width={size}
				height={size}
				className="rounded-full border border-slate-200 object-cover"
				style={{ width: size, height: size }}
			/>
		)
	}
	const initials = `${profile.firstName[0] ?? ''}${profile.lastName[0] ?? ''}`.toUpperCase()
	return (
		<span
			role="img"
			aria-label={t`${name} has no profile picture`}
			className="inline-flex items-center justify-center rounded-full bg-indigo-100 text-2xl font-bold text-indigo-900"
			style={{ width: size, height: size }}
		>
			{initials}
		</span>
	)
}

/** What the profile says, as a definition list; absent values read 'Not set'. */
export function ProfileDetails({ rows }: { rows: [string, string | number | null | undefined][] }) {
	const { t } = useLingui()
	return (
		<dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
			{rows.map(([label, value]) => (
				<div key={label} className="contents">
					<dt className="font-medium text-slate-600">{label}</dt>
					<dd>{value === null || value === undefined || value === '' ? t`Not set` : value}</dd>
				</div>
			))}
		</dl>
	)
}

type Result = SubmissionResult<string[]> | undefined

export function PictureForm({ lastResult }: { lastResult: Result }) {
	const [form, fields] = useForm({
		id: 'profile-picture',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: profilePictureSchema }),
		shouldValidate: 'onSubmit',
	})
	const busy = useSubmitting('picture')
	const { t } = useLingui()
	return (
		<Form
			method="post"
			encType="multipart/form-data"
			className="flex flex-col gap-3"
			{...getFormProps(form)}
		>
			<input type="hidden" name="intent" value="picture" />
			<FormErrors id={form.errorId} errors={form.errors} />
			<ConformField
				label={t`New profile picture`}
				hint={t`PNG, JPEG, WebP or GIF, at most 2 MB.`}
				meta={fields.profilePicture}
				type="file"
				accept="image/png,image/jpeg,image/webp,image/gif"
				required
			/>
			<Button variant="secondary" disabled={busy}>
				{busy ? t`Uploading…` : t`Upload picture`}
			</Button>
		</Form>
	)
}

/** The common part of both profile forms; role fields come as children. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform field metadata of either role's schema
export function PersonFields({ fields }: { fields: Record<string, any> }) {
	const { t } = useLingui()
	return (
		<>
			<div className="grid gap-4 sm:grid-cols-2">
				<ConformField
					label={t`First name`}
					meta={fields.firstName}
					autoComplete="given-name"
					required
				/>
				<ConformField
					label={t`Last name`}
					meta={fields.lastName}
					autoComplete="family-name"
					required
				/>
			</div>
			<ConformField label={t`Phone (optional)`} meta={fields.phone} type="tel" autoComplete="tel" />
			<ConformTextArea label={t`About you (optional)`} meta={fields.bio} rows={3} />
		</>
	)
}
