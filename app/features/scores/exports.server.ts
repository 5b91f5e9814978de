import { data, redirect, type RouterContextProvider } from 'react-router'
import { parseForm, readForm, replyWithUpstreamError } from '~/platform/form.server'
import type { upstream } from '~/platform/request.server'
import { needed, settle } from '~/platform/settle.server'
import { successToast } from '~/platform/toast'
import { sendToast } from '~/platform/toast.server'
import { getExport, getExports, startExport } from './api.server'
import { exportStartSchema } from './schema'

type Upstream = ReturnType<typeof upstream>
type Context = Readonly<RouterContextProvider>

/** The page of a background export: its state, then its download. */
export const exportPath = (exportId: string) =>
	`/organization/exports/${encodeURIComponent(exportId)}`

/**
 * The number of students above which a term's file is prepared in the background (the API's
 * EXPORT_STREAM_LIMIT); null when it could not be read, and the page keeps the plain download.
 */
export async function exportStreamLimit(api: Upstream, organizationId: string) {
	const answer = await settle(getExports(api, organizationId))
	return answer.ok ? answer.value.streamLimit : null
}

/**
 * "Prepare the file (CSV)": the API starts the job, or answers the one already under way for the
 * same term and file (two clicks, two tabs), and the browser goes to its page.
 */
export async function startExportAction(
	context: Context,
	api: Upstream,
	request: Request,
	organizationId: string,
) {
	const submission = parseForm(await readForm(request), { schema: exportStartSchema })
	if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
	let answer
	try {
		answer = await startExport(api, organizationId, submission.value)
	} catch (error) {
		return replyWithUpstreamError(context, submission, error)
	}
	sendToast(context, successToast(answer.message))
	return redirect(exportPath(answer.export.id))
}

/** The latest background exports (the last ten). */
export async function loadExports(api: Upstream, organizationId: string) {
	return { exports: await settle(getExports(api, organizationId)) }
}

export async function loadExport(api: Upstream, organizationId: string, exportId: string) {
	return (await needed(getExport(api, organizationId, exportId))).export
}
