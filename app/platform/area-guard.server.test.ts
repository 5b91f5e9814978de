import { createRequestHandler, type ServerBuild } from 'react-router'
import { expect, test, vi } from 'vitest'
import { areaGuard, areaUser } from './area-guard.server'
import { REPLAY_HEADER } from './offline-queue'
import { sessionMiddleware } from './request.server'
import type { Role } from './roles'
import { sessionStorage } from './session.server'

// React Router's own request handler over a small build: the root's session middleware, an area
// layout guarded by areaGuard, a page under it and a resource route (a file, an island's JSON).
// It shows what decision 045 leans on: the layout's middleware runs before a resource route's
// loader and action, and before the loader of the one child a `.data` request names.

type Args = { context: Parameters<typeof areaUser>[0] }
const pageLoader = vi.fn(({ context }: Args) => ({ page: areaUser(context).name }))
const areaLoader = vi.fn(({ context }: Args) => ({ area: areaUser(context).name }))
const fileLoader = vi.fn(({ context }: Args) => Response.json({ file: areaUser(context).name }))
const fileAction = vi.fn(({ context }: Args) => Response.json({ saved: areaUser(context).name }))
const Page = () => null

const route = (id: string, parentId: string | undefined, path: string, module: object) => ({
	id,
	parentId,
	path,
	module: module as NonNullable<ServerBuild['routes'][string]>['module'],
})

const build = {
	routes: {
		root: route('root', undefined, '', {
			middleware: [sessionMiddleware],
			loader: () => null,
			default: Page,
		}),
		area: route('area', 'root', 'area', {
			middleware: [areaGuard('student')],
			loader: areaLoader,
			default: Page,
		}),
		page: route('page', 'area', 'page', { loader: pageLoader, default: Page }),
		file: route('file', 'area', 'file', { loader: fileLoader, action: fileAction }),
		// An area's page that reads the user without its layout's guard: a mistake, said so.
		unguarded: route('unguarded', 'root', 'unguarded', { loader: fileLoader }),
	},
	entry: { module: { default: () => new Response('document') } },
	assets: { version: 'test', url: '/manifest.js', routes: {}, entry: { module: '', imports: [] } },
	future: {},
	ssr: true,
	isSpaMode: false,
	prerender: [],
	basename: '/',
	publicPath: '/',
	assetsBuildDirectory: 'build/client',
	routeDiscovery: { mode: 'initial', manifestPath: '/__manifest' },
	allowedActionOrigins: false,
} as unknown as ServerBuild

const handle = createRequestHandler(build, 'test')

async function cookieOf(role: Role) {
	const session = await sessionStorage.getSession()
	session.set('user', {
		id: 'u1',
		role,
		name: 'Sam',
		email: 'sam@example.com',
		organizationId: null,
	})
	const [cookie] = (await sessionStorage.commitSession(session)).split(';')
	return cookie ?? ''
}

async function request(path: string, { role, ...init }: RequestInit & { role?: Role } = {}) {
	const headers = new Headers(init.headers)
	if (role) headers.set('Cookie', await cookieOf(role))
	return handle(new Request(`http://app.test${path}`, { ...init, headers }))
}

test('a resource route under the area answers only after the guard let the user in', async () => {
	const answer = await request('/area/file', { role: 'student' })
	expect(answer.status).toBe(200)
	expect(await answer.json()).toEqual({ file: 'Sam' })

	const posted = await request('/area/file', {
		role: 'student',
		method: 'POST',
		headers: { Origin: 'http://app.test' },
	})
	expect(await posted.json()).toEqual({ saved: 'Sam' })
})

test("the area's guard refuses before a resource route's loader or action runs", async () => {
	fileLoader.mockClear()
	fileAction.mockClear()
	const visitor = await request('/area/file?type=csv')
	expect(visitor.status).toBe(302)
	expect(visitor.headers.get('Location')).toBe(
		`/login?redirectTo=${encodeURIComponent('/area/file?type=csv')}`,
	)

	const teacher = await request('/area/file', { role: 'tutor' })
	expect(teacher.status).toBe(302)
	expect(teacher.headers.get('Location')).toBe('/unauthorized')

	// A replayed offline change learns it was not applied (401: log in; 403: not yours).
	const replay = { method: 'POST', headers: { [REPLAY_HEADER]: 'legacy' } }
	expect((await request('/area/file', replay)).status).toBe(401)
	expect((await request('/area/file', { ...replay, role: 'tutor' })).status).toBe(403)
	expect(fileLoader).not.toHaveBeenCalled()
	expect(fileAction).not.toHaveBeenCalled()
})

test("a single fetch of one child runs the area's guard, not the area's loader", async () => {
	pageLoader.mockClear()
	areaLoader.mockClear()
	const answer = await request('/area/page.data?_routes=page', { role: 'student' })
	expect(answer.status).toBe(200)
	expect(await answer.text()).toContain('Sam')
	expect(pageLoader).toHaveBeenCalledOnce()
	expect(areaLoader).not.toHaveBeenCalled()

	pageLoader.mockClear()
	const visitor = await request('/area/page.data?_routes=page')
	// React Router's single-fetch redirect: 202, the address in the streamed body.
	expect(visitor.status).toBe(202)
	expect(await visitor.text()).toContain(`/login?redirectTo=${encodeURIComponent('/area/page')}`)
	const teacher = await request('/area/page.data?_routes=page', { role: 'tutor' })
	expect(await teacher.text()).toContain('/unauthorized')
	expect(pageLoader).not.toHaveBeenCalled()
})

test('areaUser says so when no area guard ran', async () => {
	const answer = await request('/unguarded', { role: 'student' })
	expect(answer.status).toBe(500)
	expect(await answer.text()).toContain('areaGuard middleware')
})
