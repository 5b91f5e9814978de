// Reading a request's Cookie header without a cookie library: names and raw (still encoded,
// still signed) values, in the order the browser sent them.

/** Each `name=value` pair of a Cookie header. */
export function cookiePairs(header: string | null): [name: string, value: string][] {
	if (!header) return []
	return header.split(';').map((pair) => {
		const [name = '', ...value] = pair.trim().split('=')
		return [name, value.join('=')]
	})
}

/** The raw value of the first cookie called `name`, or null. */
export function cookieValue(header: string | null, name: string): string | null {
	return cookiePairs(header).find(([candidate]) => candidate === name)?.[1] ?? null
}

/** The header without the cookies called `name`. */
export function withoutCookie(header: string | null, name: string): string {
	return cookiePairs(header)
		.filter(([candidate]) => candidate !== name)
		.map(([candidate, value]) => `${candidate}=${value}`)
		.join('; ')
}
