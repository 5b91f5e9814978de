import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import type { Route } from './+types/profile'
import { getTutorProfile, updateTutorProfile } from '~/features/users/api.server'
import { getAccount } from '~/features/account/api.server'
import { AccountSettings } from '~/features/account/account-settings'
import { saveProfile } from '~/features/users/profile.server'
import { PersonFields, PictureForm, ProfileDetails, ProfilePicture } from '~/features/users/profile'
import { tutorProfileFormSchema } from '~/features/users/schema'
import { requireRole, upstream } from '~/platform/request.server'
import { Button } from '~/ui/button'
import { FormErrors, inputProps, TextAreaField, textareaProps, TextField } from '~/ui/field'
import { needed, settle } from '~/platform/settle.server'
import { useForm } from '~/ui/use-form'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'tutor')
	const api = upstream(context, request)
	// The account part (password, email, notifications) may fail alone; the profile may not.
	const [profile, account] = await Promise.all([
		needed(getTutorProfile(api, user.id)),
		settle(getAccount(api)),
	])
	return { profile, account }
}

export async function action({ context, request }: Route.ActionArgs) {
	const user = requireRole(context, request, 'tutor')
	return saveProfile(
		{ context, request, user },
		{
			role: 'tutor',
			parseDetails: (formData) => parseWithZod(formData, { schema: tutorProfileFormSchema }),
			updateDetails: updateTutorProfile,
			returnTo: '/teachersdashboard/profile',
		},
	)
}

export default function TeacherProfile({ loaderData, actionData }: Route.ComponentProps) {
	const { profile } = loaderData
	const navigation = useNavigation()
	const [form, fields] = useForm({
		id: 'profile-details',
		lastResult: actionData && 'details' in actionData ? actionData.details : undefined,
		defaultValue: {
			firstName: profile.firstName,
			lastName: profile.lastName,
			phone: profile.phone ?? '',
			bio: profile.bio ?? '',
			subjects: (profile.subjects ?? []).join(', '),
			qualifications: profile.qualifications ?? '',
			experienceYears:
				profile.experienceYears === null || profile.experienceYears === undefined
					? ''
					: String(profile.experienceYears),
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: tutorProfileFormSchema }),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
	})
	const saving =
		navigation.state === 'submitting' && navigation.formData?.get('intent') === 'details'

	return (
		<div className="flex flex-col gap-8">
			<h1 className="text-2xl font-bold">Your profile</h1>
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
					<ProfileDetails
						rows={[
							['Email', profile.email],
							['Phone', profile.phone],
							['Subjects', profile.subjects?.length ? profile.subjects.join(', ') : null],
							['Qualifications', profile.qualifications],
							[
								'Experience',
								profile.experienceYears === null || profile.experienceYears === undefined
									? null
									: `${profile.experienceYears} ${profile.experienceYears === 1 ? 'year' : 'years'}`,
							],
							['About', profile.bio],
						]}
					/>
				</div>
			</section>
			<section
				aria-labelledby="profile-edit-heading"
				className="rounded-lg border border-slate-200 bg-white p-6"
			>
				<h2 id="profile-edit-heading" className="text-lg font-semibold">
					Edit your profile
				</h2>
				<Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
					<input type="hidden" name="intent" value="details" />
					<FormErrors id={form.errorId} errors={form.errors} />
					<PersonFields fields={fields} />
					<TextField
						label="Subjects you teach (optional)"
						hint="Separate subjects with commas, for example: Maths, Physics."
						meta={fields.subjects}
						{...inputProps(fields.subjects, 'text')}
					/>
					<TextAreaField
						label="Qualifications (optional)"
						meta={fields.qualifications}
						{...textareaProps(fields.qualifications)}
						rows={2}
					/>
					<TextField
						label="Years of experience (optional)"
						meta={fields.experienceYears}
						{...inputProps(fields.experienceYears, 'number')}
						min={0}
						max={80}
						step={1}
					/>
					<Button disabled={saving}>{saving ? 'Saving…' : 'Save profile'}</Button>
				</Form>
			</section>
			<AccountSettings account={loaderData.account} actionData={actionData} />
		</div>
	)
}

export function meta() {
	return [{ title: 'Your profile | TutorHub' }]
}
