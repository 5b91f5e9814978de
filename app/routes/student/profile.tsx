import { getFormProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import type { Route } from './+types/profile'
import { getStudentProfile, updateStudentProfile } from '~/features/users/api.server'
import { getAccount } from '~/features/account/api.server'
import { AccountSettings } from '~/features/account/account-settings'
import { saveProfile } from '~/features/users/profile.server'
import { PersonFields, PictureForm, ProfileDetails, ProfilePicture } from '~/features/users/profile'
import { studentProfileFormSchema } from '~/features/users/schema'
import { requireRole, upstream } from '~/platform/request.server'
import { Button } from '~/ui/button'
import { FormErrors, inputProps, TextField } from '~/ui/field'
import { needed, settle } from '~/platform/settle.server'
import { useForm } from '~/ui/use-form'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'student')
	const api = upstream(context, request)
	// The account part (password, email, notifications) may fail alone; the profile may not.
	const [profile, account] = await Promise.all([
		needed(getStudentProfile(api, user.id)),
		settle(getAccount(api)),
	])
	return { profile, account }
}

export async function action({ context, request }: Route.ActionArgs) {
	const user = requireRole(context, request, 'student')
	return saveProfile(
		{ context, request, user },
		{
			role: 'student',
			parseDetails: (formData) => parseWithZod(formData, { schema: studentProfileFormSchema }),
			updateDetails: updateStudentProfile,
			returnTo: '/studentdashboard/profile',
		},
	)
}

export default function StudentProfile({ loaderData, actionData }: Route.ComponentProps) {
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
			gradeLevel: profile.gradeLevel ?? '',
			dateOfBirth: profile.dateOfBirth ?? '',
			guardianName: profile.guardianName ?? '',
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: studentProfileFormSchema }),
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
							['Grade level', profile.gradeLevel],
							[
								'Date of birth',
								profile.dateOfBirth
									? new Date(`${profile.dateOfBirth}T00:00:00Z`).toLocaleDateString('en-US', {
											dateStyle: 'long',
											timeZone: 'UTC',
										})
									: null,
							],
							['Guardian', profile.guardianName],
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
					<div className="grid gap-4 sm:grid-cols-3">
						<TextField
							label="Grade level (optional)"
							meta={fields.gradeLevel}
							{...inputProps(fields.gradeLevel, 'text')}
						/>
						<TextField
							label="Date of birth (optional)"
							meta={fields.dateOfBirth}
							{...inputProps(fields.dateOfBirth, 'date')}
						/>
						<TextField
							label="Guardian name (optional)"
							meta={fields.guardianName}
							{...inputProps(fields.guardianName, 'text')}
						/>
					</div>
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
