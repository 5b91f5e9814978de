import { getFormProps } from '@conform-to/react'
import { data, Form, redirect } from 'react-router'
import type { Route } from './+types/find-student'
import { findStudent } from '~/features/users/api.server'
import { findStudentSchema, type FindStudentFields } from '~/features/users/schema'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import { requireUser, upstream } from '~/platform/request.server'
import { Button } from '~/ui/button'
import { FormErrors, inputProps, TextField } from '~/ui/field'
import { useForm, useSubmitting } from '~/ui/use-form'
import { formatCalendarDate } from '~/platform/dates'

/** Tutors and organizations only (the API's rule for POST /auth/get-student). */
function requireFinder(context: Route.LoaderArgs['context'], request: Request) {
	const user = requireUser(context, request)
	if (user.role === 'student') throw redirect('/unauthorized')
	return user
}

export function loader({ context, request }: Route.LoaderArgs) {
	const user = requireFinder(context, request)
	return { role: user.role }
}

export async function action({ context, request }: Route.ActionArgs) {
	requireFinder(context, request)
	const submission = parseForm(await readForm(request), { schema: findStudentSchema })
	if (submission.status !== 'success')
		return data({ result: submission.reply(), student: null }, { status: 400 })
	try {
		const student = await findStudent(upstream(context, request), submission.value.email)
		return { result: submission.reply(), student }
	} catch (error) {
		const reply = replyWithUpstreamError(context, submission, error)
		return data({ result: reply.data, student: null }, reply.init ?? undefined)
	}
}

export function meta() {
	return [{ title: 'Find a student | TutorHub' }]
}

export default function FindStudent({ actionData }: Route.ComponentProps) {
	const busy = useSubmitting()
	const [form, fields] = useForm<FindStudentFields>({
		id: 'find-student',
		// Validated by the action (public pages ship no schema library; docs/decisions/010).
		lastResult: actionData?.result,
	})
	const student = actionData?.student
	return (
		<div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10">
			<div>
				<h1 className="text-3xl font-bold">Find a student</h1>
				<p className="mt-2 text-slate-700">Look up a registered student by their email address.</p>
			</div>
			<Form
				method="post"
				className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6"
				{...getFormProps(form)}
			>
				<FormErrors id={form.errorId} errors={form.errors} />
				<TextField
					label="Student email"
					meta={fields.email}
					{...inputProps(fields.email, 'email')}
					required
				/>
				<div>
					<Button disabled={busy}>Find student</Button>
				</div>
			</Form>
			{student ? (
				<section
					aria-labelledby="student-heading"
					className="rounded-lg border border-slate-200 bg-white p-6"
				>
					<h2 id="student-heading" className="text-lg font-semibold">
						{student.name}
					</h2>
					<dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
						<dt className="text-slate-600">Email</dt>
						<dd>{student.email}</dd>
						{student.phone ? (
							<>
								<dt className="text-slate-600">Phone</dt>
								<dd>{student.phone}</dd>
							</>
						) : null}
						<dt className="text-slate-600">Member since</dt>
						<dd>{student.createdAt ? formatCalendarDate(student.createdAt, 'UTC') : 'Unknown'}</dd>
					</dl>
				</section>
			) : null}
		</div>
	)
}
