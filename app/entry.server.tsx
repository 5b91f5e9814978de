import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import {
	ServerRouter,
	type EntryContext,
	type HandleErrorFunction,
	type RouterContextProvider,
} from 'react-router'
import { DocumentMessagesProvider } from './platform/document-messages'
import { documentMessages } from './platform/i18n.server'
import { NonceProvider } from './platform/nonce'
import { getNonce } from './platform/security.server'
import { reportingUser } from './platform/request.server'
import { reportServerError } from './platform/sentry.server'

export const streamTimeout = 5_000

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: RouterContextProvider,
) {
	if (request.method.toUpperCase() === 'HEAD') {
		return new Response(null, { status: responseStatusCode, headers: responseHeaders })
	}
	const nonce = getNonce(loadContext)

	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const userAgent = request.headers.get('user-agent')
		// Crawlers get the whole document at once; people get the shell as soon as it is ready.
		const readyOption: keyof RenderToPipeableStreamOptions =
			(userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
		let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
			() => abort(),
			streamTimeout + 1000,
		)

		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<DocumentMessagesProvider value={documentMessages(loadContext)}>
					<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
				</DocumentMessagesProvider>
			</NonceProvider>,
			{
				nonce,
				[readyOption]() {
					shellRendered = true
					const body = new PassThrough({
						final(callback) {
							clearTimeout(timeoutId)
							timeoutId = undefined
							callback()
						},
					})
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					pipe(body)
					resolve(
						new Response(createReadableStreamFromReadable(body), {
							headers: responseHeaders,
							status: responseStatusCode,
						}),
					)
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					// Before the shell, React Router itself hands the error to handleError below.
					if (shellRendered && !request.signal.aborted) {
						console.error(error)
						reportServerError(error, reportingUser(loadContext), request)
					}
				},
			},
		)
	})
}

/** React Router's refusal of a post from another site: the sender's doing, answered 400, not a bug. */
const CROSS_SITE_REFUSAL =
	/origin does not match `origin` header|`origin` header is not a valid URL/

/** Loader, action and render errors on the server: logged and reported once each. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
	// Aborted requests (the user navigated away) are not errors worth reporting.
	if (request.signal.aborted) return
	if (error instanceof Error && CROSS_SITE_REFUSAL.test(error.message)) return
	console.error(error)
	reportServerError(error, reportingUser(context), request)
}
