import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { AccountSettings } from '~/features/account/account-settings'
import type { RecoveryCodes } from '~/features/account/account.server'
import { Button } from '~/ui/button'
import { ConformField, ConformTextArea, FormErrors } from '~/ui/field'
import { useForm, useSubmitting } from '~/ui/use-form'
import { formatCalendarDate } from '~/platform/dates'
import { PersonFields, PictureForm, ProfileDetails, ProfilePicture } from './profile'
import type { loadProfile } from './profile.server'
import { studentProfileFormSchema, teacherProfileFormSchema, type Profile } from './schema'

type Result = SubmissionResult<string[]>
/** The profile action's answer: the details' or the picture's, or an account form's. */
export type ProfileAnswer = { details: Result } | { picture: Result } | Result | RecoveryCodes

type ProfilePageProps = {
	loaderData: Awaited<ReturnType<typeof loadProfile>>
	actionData: ProfileAnswer | undefined
}

/** What both profiles' details forms share: their id, their last answer, when they validate. */
const detailsForm = (actionData: ProfileAnswer | undefined) => ({
	id: 'profile-details',
	lastResult: actionData && 'details' in actionData ? actionData.details : undefined,
	shouldValidate: 'onBlur' as const,
	shouldRevalidate: 'onInput' as const,
})

/** The person's fields as both details forms start. */
const personDefaults = (profile: Profile) => ({
	firstName: profile.firstName,
	lastName: profile.lastName,
	phone: profile.phone ?? '',
	bio: profile.bio ?? '',
})

export function StudentProfilePage({ loaderData, actionData }: ProfilePageProps) {
	const { profile } = loaderData
	const { t } = useLingui()
	const [form, fields] = useForm({
		...detailsForm(actionData),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: studentProfileFormSchema }),
		defaultValue: {
			...personDefaults(profile),
			gradeLevel: profile.gradeLevel ?? '',
			dateOfBirth: profile.dateOfBirth ?? '',
			guardianName: profile.guardianName ?? '',
		},
	})
	return (
		<ProfileLayout
			loaderData={loaderData}
			actionData={actionData}
			rows={[
				[t`Email`, profile.email],
				[t`Phone`, profile.phone],
				[t`Grade level`, profile.gradeLevel],
				[
					t`Date of birth`,
					profile.dateOfBirth
						? formatCalendarDate(`${profile.dateOfBirth}T00:00:00Z`, 'UTC', 'long')
						: null,
				],
				[t`Guardian`, profile.guardianName],
				[t`About`, profile.bio],
			]}
		>
			<Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="details" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<PersonFields fields={fields} />
				<div className="grid gap-4 sm:grid-cols-3">
					<ConformField label={t`Grade level (optional)`} meta={fields.gradeLevel} />
					<ConformField label={t`Date of birth (optional)`} meta={fields.dateOfBirth} type="date" />
					<ConformField label={t`Guardian name (optional)`} meta={fields.guardianName} />
				</div>
				<SaveButton />
			</Form>
		</ProfileLayout>
	)
}

export function TeacherProfilePage({ loaderData, actionData }: ProfilePageProps) {
	const { profile } = loaderData
	const { t } = useLingui()
	const years = profile.experienceYears
	const [form, fields] = useForm({
		...detailsForm(actionData),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: teacherProfileFormSchema }),
		defaultValue: {
			...personDefaults(profile),
			subjects: (profile.subjects ?? []).join(', '),
			qualifications: profile.qualifications ?? '',
			experienceYears:
				profile.experienceYears === null || profile.experienceYears === undefined
					? ''
					: String(profile.experienceYears),
		},
	})
	return (
		<ProfileLayout
			loaderData={loaderData}
			actionData={actionData}
			rows={[
				[t`Email`, profile.email],
				[t`Phone`, profile.phone],
				[t`Subjects`, profile.subjects?.length ? profile.subjects.join(', ') : null],
				[t`Qualifications`, profile.qualifications],
				[
					t`Experience`,
					years === null || years === undefined
						? null
						: plural(years, { one: '# year', other: '# years' }),
				],
				[t`About`, profile.bio],
			]}
		>
			<Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="details" />
				<FormErrors id={form.errorId} errors={form.errors} />
				<PersonFields fields={fields} />
				<ConformField
					label={t`Subjects you teach (optional)`}
					hint={t`Separate subjects with commas, for example: Maths, Physics.`}
					meta={fields.subjects}
				/>
				<ConformTextArea
					label={t`Qualifications (optional)`}
					meta={fields.qualifications}
					rows={2}
				/>
				<ConformField
					label={t`Years of experience (optional)`}
					meta={fields.experienceYears}
					type="number"
					min={0}
					max={80}
					step={1}
				/>
				<SaveButton />
			</Form>
		</ProfileLayout>
	)
}

function SaveButton() {
	const saving = useSubmitting('details')
	const { t } = useLingui()
	return <Button disabled={saving}>{saving ? t`Saving…` : t`Save profile`}</Button>
}

/** Both profiles: what the profile says beside the picture, the details form, the account forms. */
function ProfileLayout({
	loaderData,
	actionData,
	rows,
	children,
}: ProfilePageProps & {
	rows: [string, string | number | null | undefined][]
	children: ReactNode
}) {
	const profile: Profile = loaderData.profile
	return (
		<div className="flex flex-col gap-8">
			<h1 className="text-2xl font-bold">
				<Trans>Your profile</Trans>
			</h1>
			<section
				aria-labelledby="profile-view-heading"
				className="flex flex-col gap-6 rounded-lg border border-slate-200 bg-white p-6 sm:flex-row"
			>
				<div className="flex flex-col items-start gap-4">
					<ProfilePicture profile={profile} />
					<PictureForm
						lastResult={actionData && 'picture' in actionData ? actionData.picture : undefined}
					/>
				</div>
				<div className="flex-1">
					<h2 id="profile-view-heading" className="mb-4 text-lg font-semibold">
						{profile.name}
					</h2>
					<ProfileDetails rows={rows} />
				</div>
			</section>
			<section
				aria-labelledby="profile-edit-heading"
				className="rounded-lg border border-slate-200 bg-white p-6"
			>
				<h2 id="profile-edit-heading" className="text-lg font-semibold">
					<Trans>Edit your profile</Trans>
				</h2>
				{children}
			</section>
			<AccountSettings
				account={loaderData.account}
				timeZone={loaderData.timeZone}
				actionData={actionData}
			/>
		</div>
	)
}
