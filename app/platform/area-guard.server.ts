import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { requireRole, requireUser } from './request.server'
import type { Role } from './roles'
import type { SessionUser } from './session.server'

// Set by an area's guard: the area's role (null: any signed-in account) and the request it let in.
type Guarded = { role: Role | null; request: Request }
const guardedArea = createContext<Guarded | null>(null)

/** The guard's check: the signed-in user this area lets in, or the refusal it throws. */
const admit = (context: Readonly<RouterContextProvider>, { role, request }: Guarded) =>
	role ? requireRole(context, request, role) : requireUser(context, request)

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
		const guarded = { role: role ?? null, request }
		admit(context, guarded)
		context.set(guardedArea, guarded)
		return next()
	}
}

/**
 * The signed-in user of a page under a guarded area. Read at the call, as the guard reads it: an
 * action that renamed the account (profile) shows the new name in the loaders that follow it.
 */
export function areaUser(context: Readonly<RouterContextProvider>): SessionUser {
	const guarded = context.get(guardedArea)
	if (!guarded)
		throw new Error(
			'areaUser() is for pages under an area whose layout has the areaGuard middleware',
		)
	return admit(context, guarded)
}
