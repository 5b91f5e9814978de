import { apiText } from '~/platform/api-text.server'
import { t } from '@lingui/core/macro'
import { data, redirect, type RouterContextProvider } from 'react-router'
import { invalidate, staleAfter } from '~/platform/cache-invalidation.server'
import {
	parseForm,
	readForm,
	readFormWithFile,
	replyWithUpstreamError,
} from '~/platform/form.server'
import { pageParam } from '~/platform/page-param'
import type { upstream } from '~/platform/request.server'
import { viewerTimeZone } from '~/features/schedules/time-zone.server'
import { needed, settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { confirmRosterImport, getRosterImport, getRosterImports, uploadRoster } from './api.server'
import {
	ROSTER_FILE_LIMIT,
	rosterFileTooLarge,
	rosterConfirmSchema,
	rosterUploadSchema,
} from './schema'

type Upstream = ReturnType<typeof upstream>
type Context = Readonly<RouterContextProvider>

/** The job page of an import: its preview, then its progress and outcome. */
export const rosterImportPath = (importId: string) =>
	`/organization/roster/imports/${encodeURIComponent(importId)}`

export async function loadRoster(api: Upstream, organizationId: string) {
	return { imports: await settle(getRosterImports(api, organizationId)) }
}

/** The upload: the file is read and checked by the API, which stores the preview as a job. */
export async function rosterUploadAction(
	context: Context,
	api: Upstream,
	request: Request,
	organizationId: string,
) {
	const { formData, tooLarge } = await readFormWithFile(request, {
		maxFileBytes: ROSTER_FILE_LIMIT,
		field: 'file',
		message: rosterFileTooLarge(),
	})
	if (tooLarge) return data(tooLarge, { status: 413 })
	const submission = parseForm(formData, { schema: rosterUploadSchema })
	if (submission.status !== 'success') {
		return data(submission.reply({ hideFields: ['file'] }), { status: 400 })
	}
	let importId: string
	try {
		const answer = await uploadRoster(api, organizationId, submission.value.file)
		importId = answer.import.id
	} catch (error) {
		return replyWithUpstreamError(context, submission, error, ['file'])
	}
	sendToast(context, successToast(t`Roster read: check the preview`))
	return redirect(rosterImportPath(importId))
}

// Jobs whose end was announced to the cache (bounded: a process remembers the last thousand).
const announced = new Set<string>()

/**
 * The job ran after its confirmation's answer, so what that answer made stale may have been cached
 * again meanwhile: the member lists and counts are made stale once more when the page first sees
 * the job done (it polls until then).
 */
function announceFinished(importId: string) {
	if (announced.has(importId)) return
	if (announced.size >= 1000) announced.clear()
	announced.add(importId)
	invalidate(staleAfter.membership)
}

/** `page` and `show=errors` from the address. */
export function importQuery(request: Request) {
	const params = new URL(request.url).searchParams
	return { page: pageParam(params), errorsOnly: params.get('show') === 'errors' }
}

export async function loadRosterImport(
	api: Upstream,
	organizationId: string,
	importId: string,
	request: Request,
) {
	const query = importQuery(request)
	const answer = await needed(getRosterImport(api, organizationId, importId, query))
	if (answer.import.status === 'done') announceFinished(answer.import.id)
	// A row's error is the API's text: read in the page's language (decision 064).
	const rows = answer.rows.map((row) => (row.error ? { ...row, error: apiText(row.error) } : row))
	return {
		...answer,
		rows,
		errorsOnly: query.errorsOnly,
		timeZone: viewerTimeZone(request).zone,
	}
}

/** Confirming the preview: the API starts the job once; the page then shows its progress. */
export async function rosterConfirmAction(
	context: Context,
	api: Upstream,
	request: Request,
	organizationId: string,
	importId: string,
) {
	const submission = parseForm(await readForm(request), { schema: rosterConfirmSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	try {
		await confirmRosterImport(api, organizationId, importId)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	sendToast(context, successToast(t`Import started`))
	return redirect(rosterImportPath(importId))
}
