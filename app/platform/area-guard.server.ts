import {
	createContext,
	redirect,
	type MiddlewareFunction,
	type RouterContextProvider,
} from 'react-router'
import { currentUser, requireRole, requireUser } from './request.server'
import type { Role } from './roles'
import type { SessionUser } from './session.server'

// Set by an area's guard: which area let this request through (null: no guard ran).
const guardedArea = createContext<{ role: Role | null } | null>(null)

/**
 * The guard of a signed-in area, on its layout (`export const middleware = [areaGuard('tutor')]`;
 * no role: any signed-in account). React Router runs a layout's middleware before every loader and
 * action under it — a page, a `.data` request for one child, a resource route (a CSV, a file, the
 * islands' JSON) — so the area's pages guard once, here, and read the user with `areaUser`
 * (decision 045). It refuses exactly as `requireRole`/`requireUser` do: the teacher held at the
 * two-factor set-up, a replayed offline change answered 401/403, a visitor sent to log in and
 * back, another role sent to /unauthorized.
 */
export function areaGuard(role?: Role): MiddlewareFunction<Response> {
	return ({ context, request }, next) => {
		if (role) requireRole(context, request, role)
		else requireUser(context, request)
		context.set(guardedArea, { role: role ?? null })
		return next()
	}
}

/**
 * The signed-in user of a page under a guarded area. Read at the call, not kept from the guard: an
 * action that renamed the account (profile) shows the new name in the loaders that follow it.
 */
export function areaUser(context: Readonly<RouterContextProvider>): SessionUser {
	if (!context.get(guardedArea))
		throw new Error(
			'areaUser() is for pages under an area whose layout has the areaGuard middleware',
		)
	const user = currentUser(context)
	// The session ended during this request (an action signed out and answered a page): log in again.
	if (!user) throw redirect('/login')
	return user
}
