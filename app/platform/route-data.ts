/** What a loader or action hands its page: the value, unwrapped from `data(value, init)`, without
 * the redirects (a `Response` never reaches the component). A feature's page component types its
 * props with this, as a route module's `Route.ComponentProps` would. */
export type RouteData<F extends (...args: never[]) => unknown> = Unwrapped<
	Exclude<Awaited<ReturnType<F>>, Response>
>

type Unwrapped<T> = T extends { type: string; data: infer D; init: ResponseInit | null } ? D : T
