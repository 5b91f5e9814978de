import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/profile'
import { getStudentProfile, updateStudentProfile, uploadProfilePicture } from '~/features/users/api.server'
import { PersonFields, PictureForm, ProfileDetails, ProfilePicture } from '~/features/users/profile'
import { profilePictureSchema, studentProfileFormSchema } from '~/features/users/schema'
import { replyWithUpstreamError } from '~/platform/form.server'
import { requireRole, startSession, upstream } from '~/platform/request.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { Button } from '~/ui/button'
import { FormErrors, inputProps, TextField } from '~/ui/field'

export async function loader({ context, request }: Route.LoaderArgs) {
	const user = requireRole(context, request, 'student')
	const profile = await getStudentProfile(upstream(context, request), user.id)
	return { profile }
}

export async function action({ context, request }: Route.ActionArgs) {
	const user = requireRole(context, request, 'student')
	const api = upstream(context, request)
	const formData = await request.formData()
	if (formData.get('intent') === 'picture') {
		const submission = parseWithZod(formData, { schema: profilePictureSchema })
		if (submission.status !== 'success') return data({ picture: submission.reply({ hideFields: ['profilePicture'] }) }, { status: 400 })
		try {
			await uploadProfilePicture(api, 'student', submission.value.profilePicture)
		} catch (error) {
			const reply = replyWithUpstreamError(context, submission, error, ['profilePicture'])
			return data({ picture: reply.data }, reply.init ?? undefined)
		}
	} else {
		const submission = parseWithZod(formData, { schema: studentProfileFormSchema })
		if (submission.status !== 'success') return data({ details: submission.reply() }, { status: 400 })
		try {
			const { profile } = await updateStudentProfile(api, submission.value)
			const tokens = api.tokens()
			if (tokens) startSession(context, { ...user, name: profile.name }, tokens)
		} catch (error) {
			const reply = replyWithUpstreamError(context, submission, error)
			return data({ details: reply.data }, reply.init ?? undefined)
		}
	}
	sendToast(context, successToast('Profile updated successfully'))
	return redirect('/studentdashboard/profile')
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
	const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'details'

	return (
		<div className="flex flex-col gap-8">
			<h1 className="text-2xl font-bold">Your profile</h1>
			<section aria-labelledby="profile-view-heading" className="flex flex-col gap-6 rounded-lg border border-slate-200 bg-white p-6 sm:flex-row">
				<div className="flex flex-col items-start gap-4">
					<ProfilePicture profile={profile} />
					<PictureForm lastResult={actionData && 'picture' in actionData ? actionData.picture : undefined} />
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
							['Date of birth', profile.dateOfBirth ? new Date(`${profile.dateOfBirth}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' }) : null],
							['Guardian', profile.guardianName],
							['About', profile.bio],
						]}
					/>
				</div>
			</section>
			<section aria-labelledby="profile-edit-heading" className="rounded-lg border border-slate-200 bg-white p-6">
				<h2 id="profile-edit-heading" className="text-lg font-semibold">
					Edit your profile
				</h2>
				<Form method="post" className="mt-4 flex flex-col gap-4" {...getFormProps(form)}>
					<input type="hidden" name="intent" value="details" />
					<FormErrors id={form.errorId} errors={form.errors} />
					<PersonFields fields={fields} />
					<div className="grid gap-4 sm:grid-cols-3">
						<TextField label="Grade level (optional)" meta={fields.gradeLevel} {...inputProps(fields.gradeLevel, 'text')} />
						<TextField label="Date of birth (optional)" meta={fields.dateOfBirth} {...inputProps(fields.dateOfBirth, 'date')} />
						<TextField label="Guardian name (optional)" meta={fields.guardianName} {...inputProps(fields.guardianName, 'text')} />
					</div>
					<Button disabled={saving}>{saving ? 'Saving…' : 'Save profile'}</Button>
				</Form>
			</section>
		</div>
	)
}

export function meta() {
	return [{ title: 'Your profile | TutorHub' }]
}
