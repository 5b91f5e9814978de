import { RouterContextProvider, type MiddlewareFunction } from 'react-router'
import { expect, test } from 'vitest'
import { sendToast, takeToasts, toastMiddleware } from './toast.server'

type Handler = (context: RouterContextProvider) => Response | Promise<Response>

/** One request through the toast middleware; `handle` plays the loaders or the action. */
async function request(path: string, cookie: string, handle: Handler) {
	const request = new Request(`http://app.test${path}`, {
		headers: cookie ? { Cookie: cookie } : {},
	})
	const context = new RouterContextProvider()
	const args = { request, context, url: new URL(request.url), params: {}, pattern: '/' }
	const chain = (index: number): Promise<Response> => {
		const middleware = toastMiddleware[index] as MiddlewareFunction<Response> | undefined
		if (!middleware) return Promise.resolve(handle(context))
		return middleware(args, () => chain(index + 1)) as Promise<Response>
	}
	const response = await chain(0)
	return { response, cookie: nextCookie(cookie, response) }
}

/** What the browser would send next: the request's cookie with the answer's Set-Cookie applied. */
function nextCookie(cookie: string, response: Response) {
	const jar = new Map(
		cookie
			.split('; ')
			.filter(Boolean)
			.map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]),
	)
	for (const line of response.headers.getSetCookie()) {
		const [pair] = line.split(';')
		const [name, value] = (pair ?? '').split(/=(.*)/s)
		if (name) jar.set(name, value ?? '')
	}
	return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
}

const rootLoader: Handler = (context) => Response.json(takeToasts(context))
const otherLoader: Handler = () => Response.json({ tasks: [] })

async function submit() {
	const { cookie } = await request('/teachersdashboard/tasks.data', '', (context) => {
		sendToast(context, { type: 'success', title: 'Task created successfully' })
		return new Response(null, { status: 204 })
	})
	return cookie
}

test("a split revalidation's other request leaves the toast for the root loader's request", async () => {
	const cookie = await submit()
	const sibling = await request(
		'/teachersdashboard/tasks.data?_routes=routes%2Fteacher%2Ftasks',
		cookie,
		otherLoader,
	)
	expect(sibling.response.headers.getSetCookie()).toEqual([])
	const root = await request(
		'/teachersdashboard/tasks.data?_routes=root%2Croutes%2Fteacher%2Flayout',
		sibling.cookie,
		rootLoader,
	)
	expect(await root.response.json()).toMatchObject([{ title: 'Task created successfully' }])
	// Read once: the next page shows it no more.
	const after = await request('/teachersdashboard/tasks', root.cookie, rootLoader)
	expect(await after.response.json()).toEqual([])
})

test('a document request shows the flashed toast', async () => {
	const cookie = await submit()
	const page = await request('/teachersdashboard/tasks', cookie, rootLoader)
	expect(await page.response.json()).toMatchObject([{ title: 'Task created successfully' }])
})

test('a toast sent by a request without the root loader still travels on', async () => {
	const { cookie } = await request(
		'/teachersdashboard/tasks.data?_routes=routes%2Fteacher%2Ftasks',
		'',
		(context) => {
			sendToast(context, { type: 'error', title: 'Please log in' })
			return new Response(null, { status: 302, headers: { Location: '/login' } })
		},
	)
	const page = await request('/login', cookie, rootLoader)
	expect(await page.response.json()).toMatchObject([{ title: 'Please log in' }])
})
