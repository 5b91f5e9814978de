import { actionUrl, postersOf, routeTable, ruleFor, type Rule } from './routes'
import {
	dashboardPath,
	everyone,
	expect,
	hostileForm,
	ownersData,
	test,
	type Answer,
	type Who,
} from './security-world'

// Spec: issue 10, "Every role tries every other role's pages and actions ... asserted route by
// route from the route table". One test per route of app/routes.ts: the roles it is meant for get
// it, every other role (and a visitor) is refused, and its action refuses them without changing
// anything. A route missing from e2e/http/routes.ts fails here instead of being skipped.

function expectRefused(answer: Answer, who: Who, rule: Rule, label: string) {
	const where = `${label} answered ${answer.status} ${answer.location ?? ''}`
	expect(answer.status, where).not.toBe(200)
	expect(answer.status, `${where}: never a server error`).toBeLessThan(500)
	if (who === 'anonymous') {
		expect(answer.status, where).toBe(302)
		expect(answer.location ?? '', where).toMatch(/^\/login(\?|$)/)
		return
	}
	if (rule.guestOnly) {
		expect(answer.status, where).toBe(302)
		expect(answer.location, where).toBe(dashboardPath[who])
		return
	}
	if (answer.status === 403) {
		expect(answer.text, where).toContain('Access denied')
		return
	}
	expect(answer.status, where).toBe(302)
	expect(answer.location, where).toBe('/unauthorized')
}

/**
 * The same refusal for a client-side navigation's data request (`<path>.data`, single fetch): a
 * redirect travels in the body (202), an error as its status; never the loader's data.
 */
function expectDataRefused(answer: Answer, who: Who, rule: Rule, page: string, label: string) {
	const where = `${label} answered ${answer.status} ${answer.text.slice(0, 200)}`
	if (answer.status === 403 || answer.status === 404) return
	expect(answer.status, where).toBe(202)
	const redirect = /\["SingleFetchRedirect",\d+\].*?"redirect","([^"]*)"/.exec(answer.text)?.[1]
	if (who === 'anonymous') {
		// Back to the page after logging in, not to its data address.
		expect(redirect, where).toBe(`/login?redirectTo=${encodeURIComponent(page)}`)
	} else {
		expect(redirect, where).toBe(rule.guestOnly ? dashboardPath[who] : '/unauthorized')
	}
}

function dataUrl(url: string) {
	const { pathname, search } = new URL(url, 'http://app.test')
	return `${pathname === '/' ? '/_root' : pathname.replace(/\/$/, '')}.data${search}`
}

test.describe('role matrix, route by route from the route table', () => {
	for (const route of routeTable) {
		test(`roles: ${route.pattern}`, async ({ world, apis, as }) => {
			const rule = ruleFor(route)
			const url = rule.url(world)
			const before = route.hasAction ? await ownersData(apis) : null
			for (const who of everyone) {
				const client = as(who)
				const answer = await client.get(url)
				if (rule.get.includes(who)) {
					expect(answer.status, `${who} may GET ${url}`).toBe(rule.status ?? 200)
				} else {
					expectRefused(answer, who, rule, `${who} GET ${url}`)
					if (route.hasPage && route.hasLoader) {
						const data = dataUrl(url)
						expectDataRefused(await client.get(data), who, rule, url, `${who} GET ${data}`)
					}
				}
				if (route.hasAction && !postersOf(rule).includes(who)) {
					const target = actionUrl(route, url)
					expectRefused(
						await client.post(target, hostileForm(world, 'Wrong role change')),
						who,
						rule,
						`${who} POST ${target}`,
					)
				}
			}
			if (before)
				expect(await ownersData(apis), 'the refused posts changed nothing').toEqual(before)
		})
	}
})
