import { data, Form, Link, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/test'
import { getTemplate } from '~/features/qa/api.server'
import { getTestSession, startTestSession, submitTest } from '~/features/quizzes/api.server'
import { progressFromForm } from '~/features/quizzes/schema'
import { TestTaking } from '~/features/quizzes/test-taking'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { requireRole, upstream } from '~/platform/request.server'
import { settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { UpstreamError } from '~/platform/upstream-errors'
import { Button, buttonClass } from '~/ui/button'
import { LoadError } from '~/ui/load-error'
import { readForm, replyStatus } from '~/platform/form.server'
import { countOf } from '~/platform/plural'

const resultPath = (sessionId: string) =>
	`/studentdashboard/test-result/${encodeURIComponent(sessionId)}`
const notFound = (error: unknown) =>
	error instanceof UpstreamError &&
	(error.status === 404 || error.status === 400 || error.status === 403)

/**
 * Without `?session=` the page introduces the test and offers to start it; with it, the test
 * itself. Starting again resumes an open attempt, so the session in the URL survives reloads.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
	requireRole(context, request, 'student')
	const api = upstream(context, request)
	const sessionId = new URL(request.url).searchParams.get('session')
	if (sessionId) {
		let session
		try {
			session = await getTestSession(api, sessionId)
		} catch (error) {
			if (notFound(error)) throw data(null, { status: 404 })
			throw error
		}
		if (session.status !== 'in_progress') throw redirect(resultPath(session.id))
		return {
			mode: 'session' as const,
			session,
			templateId: params.templateId,
			timeZone: viewerTimeZone(request).zone,
		}
	}
	const template = await settle(
		getTemplate(api, params.templateId).catch((error: unknown) => {
			if (notFound(error)) throw data(null, { status: 404 })
			throw error
		}),
	)
	return { mode: 'intro' as const, template, templateId: params.templateId }
}

export async function action({ context, request, params }: Route.ActionArgs) {
	requireRole(context, request, 'student')
	const api = upstream(context, request)
	const form = await readForm(request)
	const url = new URL(request.url)
	try {
		if (form.get('intent') === 'start') {
			const { session } = await startTestSession(api, params.templateId)
			return redirect(
				`/studentdashboard/test/${encodeURIComponent(params.templateId)}?session=${encodeURIComponent(session.id)}`,
			)
		}
		// The whole test as one form, without JavaScript: the server checks the time either way.
		const sessionId = url.searchParams.get('session')
		if (form.get('intent') !== 'submit' || !sessionId)
			return data({ error: 'Start the test first.' }, { status: 400 })
		await submitTest(api, sessionId, progressFromForm(form))
		sendToast(context, successToast('Test submitted successfully!'))
		return redirect(resultPath(sessionId))
	} catch (error) {
		if (!(error instanceof UpstreamError)) throw error
		sendToast(context, error.toast)
		const sessionId = url.searchParams.get('session')
		if (error.status === 409 && sessionId) return redirect(resultPath(sessionId))
		return data({ error: error.text }, { status: replyStatus(error.status) })
	}
}

export function meta({ loaderData }: Route.MetaArgs) {
	const title =
		loaderData?.mode === 'session'
			? loaderData.session.title
			: loaderData?.template.ok
				? loaderData.template.value.title
				: 'Test'
	return [{ title: `${title} | TutorHub` }]
}

export default function TakeTest({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	if (loaderData.mode === 'session') {
		const { session, templateId, timeZone } = loaderData
		return (
			<div className="flex flex-col gap-4">
				<h1 className="text-2xl font-bold">{session.title}</h1>
				{actionData?.error ? (
					<p
						role="alert"
						className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
					>
						{actionData.error}
					</p>
				) : null}
				<TestTaking
					key={session.id}
					session={session}
					timeZone={timeZone}
					progressUrl={`/studentdashboard/test/${encodeURIComponent(templateId)}/progress`}
					resultUrl={resultPath(session.id)}
				/>
			</div>
		)
	}
	const { template } = loaderData
	if (!template.ok) return <LoadError error={template.error} />
	const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'start'
	return (
		<div className="flex max-w-2xl flex-col gap-4">
			<h1 className="text-2xl font-bold">{template.value.title}</h1>
			{template.value.description ? (
				<p className="text-slate-700">{template.value.description}</p>
			) : null}
			<dl className="grid gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-6 sm:grid-cols-[max-content_1fr]">
				<dt className="font-medium text-slate-600">Questions</dt>
				<dd>{template.value.questionCount ?? template.value.questions?.length ?? 0}</dd>
				<dt className="font-medium text-slate-600">Time limit</dt>
				<dd>{countOf(template.value.timeLimit, 'minute')}</dd>
				{template.value.createdByName ? (
					<>
						<dt className="font-medium text-slate-600">Set by</dt>
						<dd>{template.value.createdByName}</dd>
					</>
				) : null}
			</dl>
			<p className="text-slate-700">
				The clock starts when you press Start and keeps running if you leave the page. If you
				already started this test, you continue where you left off, on any device. When the time is
				up, the test is submitted with your saved answers.
			</p>
			{actionData?.error ? (
				<p
					role="alert"
					className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
				>
					{actionData.error}
				</p>
			) : null}
			<div className="flex flex-wrap gap-3">
				<Form method="post">
					<input type="hidden" name="intent" value="start" />
					<Button disabled={busy}>{busy ? 'Starting…' : 'Start test'}</Button>
				</Form>
				<Link to="/studentdashboard/qa/templates" className={buttonClass('secondary')}>
					Back to available tests
				</Link>
			</div>
		</div>
	)
}
