import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { startProvider, type TestProvider } from '../api/test/oidc-provider'
import { freePort } from '../api/test/ports'
import { apiUrl, appPort } from '../playwright.config'
import { proveDomain, publishTxt } from './dns'
import { expect, logIn, test } from './fixtures'
import { waitForMail } from './mailbox'

// Issue 31: single sign-on through a real OpenID provider (oidc-provider) on loopback, with
// JavaScript on and off: an organization sets its provider up in its settings and proves its email
// domain with a DNS TXT record (decision 051), a student on its roster signs in with the school's account, someone not on it is refused with a page that says
// why, and a provider that is down leaves the login usable with a plain message.

const PASSWORD = 'Lantern-Harbour-42'
const appUrl = `http://127.0.0.1:${appPort}`

let provider: TestProvider
test.beforeAll(async () => {
	provider = await startProvider({ appUrl })
})
test.afterAll(async () => {
	await provider?.close()
})
// oidc-provider's own login page asks for a web font from the internet, which the machine running
// the journeys may not reach; an empty style sheet stands in (our pages load nothing from outside).
test.beforeEach(async ({ page }) => {
	await page.route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) =>
		route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
	)
})

let schools = 0
/** A fresh organization with its own email domain, signed in over the API. */
async function newSchool(request: APIRequestContext) {
	const tag = `${Date.now().toString(36)}${++schools}${Math.random().toString(36).slice(2, 6)}`
	const email = `office@${tag}.test`
	const registered = await request.post(`${apiUrl}/organizations/register`, {
		multipart: {
			name: `Riverside ${tag}`,
			email,
			password: PASSWORD,
			type: 'school',
			country: 'US',
		},
	})
	expect(registered.status()).toBe(201)
	const login = await request.post(`${apiUrl}/auth/organization-login`, {
		data: { email, password: PASSWORD },
	})
	const token = (await login.json()).user.accessToken as string
	return {
		id: (await registered.json()).id as string,
		name: `Riverside ${tag}`,
		email,
		domain: `${tag}.test`,
		token,
	}
}

type School = Awaited<ReturnType<typeof newSchool>>

async function configure(
	request: APIRequestContext,
	school: School,
	issuer = provider.issuer,
	settings: Record<string, unknown> = {},
) {
	const saved = await request.put(`${apiUrl}/sso/settings`, {
		headers: { Authorization: `Bearer ${school.token}` },
		data: {
			providerName: 'Riverside Login',
			issuer,
			clientId: provider.clientId,
			clientSecret: provider.clientSecret,
			domains: school.domain,
			...settings,
		},
	})
	expect(saved.status()).toBe(200)
	await proveDomain(request, school.token, school.domain)
}

/** At the provider's own login page (oidc-provider's), as `login`. */
async function signInAtProvider(page: Page, login: string) {
	await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`))
	await page.getByPlaceholder('Enter any login').fill(login)
	await page.getByPlaceholder('and password').fill('any')
	await page.getByRole('button', { name: 'Sign-in' }).click()
}

/**
 * The organization's page and its button, to the provider. The provider's own session is dropped
 * first (its cookies share the loopback host with the app's), so its login page asks every time.
 */
async function startAtSchool(page: Page, school: School) {
	await page.context().clearCookies({ name: /^_session/ })
	await page.goto(`/login/sso/${school.id}`)
	await page.getByRole('link', { name: 'Sign in with Riverside Login' }).click()
}

/** A student the organization registered, known to the provider as `login`. */
async function rosteredStudent(request: APIRequestContext, school: School, name: string) {
	const email = `${name}@${school.domain}`
	const member = await request.post(`${apiUrl}/auth/register-student/organization`, {
		headers: { Authorization: `Bearer ${school.token}` },
		data: { firstName: name, lastName: 'Park', email, password: PASSWORD },
	})
	expect(member.status()).toBe(201)
	const login = `${name}-${school.domain}`
	provider.accounts.set(login, { email, email_verified: true })
	return login
}

const NOT_CONFIRMED = 'Your school sign-in could not be confirmed. Start again from the login page.'

async function expectRefusal(page: Page, message: string) {
	await expect(page).toHaveURL(/\/login\/sso\/callback\?/)
	await expect(page.getByRole('heading', { name: 'You are not signed in' })).toBeVisible()
	await expect(page.getByRole('alert')).toHaveText(message)
}

test('an organization sets up single sign-on, proves its domain, and a student on its roster signs in with the school account', async ({
	page,
	request,
}, testInfo) => {
	const school = await newSchool(request)
	// On the roster first: the API token lives 12 s in the journeys.
	const email = `mina@${school.domain}`
	const member = await request.post(`${apiUrl}/auth/register-student/organization`, {
		headers: { Authorization: `Bearer ${school.token}` },
		data: { firstName: 'Mina', lastName: 'Park', email, password: PASSWORD },
	})
	expect(member.status()).toBe(201)
	await logIn(page, school.email, PASSWORD, 'organization')
	await expect(page).toHaveURL(/\/organization/)
	await page.goto('/organization/single-sign-on')
	await page.getByLabel('Provider name (shown on the button)').fill('Riverside Login')
	await page.getByLabel('Issuer URL').fill(provider.issuer)
	await page.getByLabel('Client ID').fill(provider.clientId)
	await page.getByLabel('Client secret').fill(provider.clientSecret)
	await page.getByLabel('Allowed email domains').fill(school.domain)
	await page.getByRole('button', { name: 'Save single sign-on' }).click()
	await expect(page.getByText('Single sign-on is on. Share this sign-in link:')).toBeVisible()
	await expect(page.getByRole('link', { name: `${appUrl}/login/sso/${school.id}` })).toBeVisible()
	// The secret is kept by the API and never comes back to the page.
	await expect(page.getByLabel('Client secret')).toHaveValue('')
	expect(await page.content()).not.toContain(provider.clientSecret)

	// The domain counts only once proven: the page shows the TXT record to publish.
	const domainItem = page.getByRole('listitem').filter({ hasText: 'Record type' })
	await expect(domainItem.getByRole('heading', { name: school.domain })).toBeVisible()
	await expect(domainItem.getByText('Not verified yet')).toBeVisible()
	await expect(domainItem.getByText('Not yet', { exact: true })).toBeVisible()
	const value = await domainItem.locator('code', { hasText: 'tutorhub-verification=' }).innerText()
	expect(value).toMatch(/^tutorhub-verification=[0-9a-f]{32}$/)
	await page.getByRole('button', { name: `Verify ${school.domain}` }).click()
	await expect(
		page
			.getByText(`We could not find the TXT record for ${school.domain} yet.`, { exact: false })
			.first(),
	).toBeVisible()
	await expect(domainItem.getByText('Not verified yet')).toBeVisible()
	// The page says when the record was looked for.
	await expect(domainItem.getByText('Not yet', { exact: true })).toHaveCount(0)
	publishTxt(school.domain, [value])
	await page.getByRole('button', { name: `Verify ${school.domain}` }).click()
	await expect(
		page
			.getByText(`${school.domain} is verified: addresses in it now sign in with your provider`)
			.first(),
	).toBeVisible()
	await expect(domainItem.getByText('Verified', { exact: true })).toBeVisible()
	await expect(page.getByRole('button', { name: `Check again ${school.domain}` })).toBeVisible()
	if (testInfo.project.name === 'js') {
		// axe runs as a script in the page: the domains' list reads well to assistive technology.
		const { violations } = await new AxeBuilder({ page })
			.include('section[aria-labelledby="sso-domains-heading"]')
			.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
			.analyze()
		expect(violations.map((violation) => violation.id)).toEqual([])
	}
	await page.getByRole('button', { name: 'Log out' }).click()
	await expect(page).toHaveURL(/\/login$/)

	provider.accounts.set('mina', { email, email_verified: true, given_name: 'Mina' })

	await page.getByRole('link', { name: 'Sign in with your school' }).click()
	await page.getByLabel('School email').fill(email)
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page).toHaveURL(new RegExp(`/login/sso/${school.id}$`))
	await expect(page.getByRole('heading', { name: school.name })).toBeVisible()
	await page.getByRole('link', { name: 'Sign in with Riverside Login' }).click()
	await signInAtProvider(page, 'mina')
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
})

test('someone not on the roster is refused with a page that says why', async ({
	page,
	request,
}) => {
	const school = await newSchool(request)
	await configure(request, school)
	provider.accounts.set(`stranger-${school.domain}`, {
		email: `stranger@${school.domain}`,
		email_verified: true,
	})
	await startAtSchool(page, school)
	await signInAtProvider(page, `stranger-${school.domain}`)
	await expectRefusal(
		page,
		`Your Riverside Login account is not on ${school.name}'s list of members, so it cannot sign in here. Ask ${school.name} to add you, then sign in again.`,
	)
	await page.getByRole('link', { name: 'log in with a password' }).click()
	await expect(page).toHaveURL(/\/login$/)
})

test('a provider that is down leaves the login usable with a plain message', async ({
	page,
	request,
}) => {
	const school = await newSchool(request)
	await configure(request, school, `http://127.0.0.1:${await freePort()}`)
	await startAtSchool(page, school)
	await expect(
		page
			.getByText(
				'Riverside Login cannot be reached right now. Try again later, or log in with your password.',
			)
			.first(),
	).toBeVisible()
	await expect(page).toHaveURL(new RegExp(`/login/sso/${school.id}$`))
	await page.getByRole('link', { name: 'Log in with a password' }).click()
	await logIn(page, school.email, PASSWORD, 'organization')
	await expect(page).toHaveURL(/\/organization/)
})

test('a provider stopped after a sign-in is said to be down, not sent to (issue 38)', async ({
	page,
	request,
}) => {
	const own = await startProvider({ appUrl })
	let stopped = false
	try {
		const school = await newSchool(request)
		await configure(request, school, own.issuer, {
			clientId: own.clientId,
			clientSecret: own.clientSecret,
		})
		const email = `rae@${school.domain}`
		const member = await request.post(`${apiUrl}/auth/register-student/organization`, {
			headers: { Authorization: `Bearer ${school.token}` },
			data: { firstName: 'Rae', lastName: 'Park', email, password: PASSWORD },
		})
		expect(member.status()).toBe(201)
		own.accounts.set('rae', { email, email_verified: true })
		await startAtSchool(page, school)
		await expect(page).toHaveURL(new RegExp(`^${own.issuer}/interaction/`))
		await page.getByPlaceholder('Enter any login').fill('rae')
		await page.getByPlaceholder('and password').fill('any')
		await page.getByRole('button', { name: 'Sign-in' }).click()
		await expect(page).toHaveURL(/\/studentdashboard$/)
		await page.getByRole('button', { name: 'Log out' }).click()
		await expect(page).toHaveURL(/\/login$/)

		await own.close()
		stopped = true
		await startAtSchool(page, school)
		await expect(
			page
				.getByText(
					'Riverside Login cannot be reached right now. Try again later, or log in with your password.',
				)
				.first(),
		).toBeVisible()
		await expect(page).toHaveURL(new RegExp(`/login/sso/${school.id}$`))
	} finally {
		if (!stopped) await own.close()
	}
})

test('an ID token that expired, or was made for another client, signs nobody in', async ({
	page,
	request,
}) => {
	const school = await newSchool(request)
	await configure(request, school)
	const login = await rosteredStudent(request, school, 'lee')
	const now = Math.floor(Date.now() / 1000)
	const tampered: Record<string, (claims: Record<string, unknown>) => Record<string, unknown>> = {
		expired: (claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 }),
		'another audience': (claims) => ({ ...claims, aud: 'another-client' }),
	}
	try {
		for (const change of Object.values(tampered)) {
			// The provider signs the changed token with its own key: only the claim check refuses it.
			provider.tamper = change
			await startAtSchool(page, school)
			await signInAtProvider(page, login)
			await expectRefusal(page, NOT_CONFIRMED)
		}
	} finally {
		provider.tamper = null
	}
	await startAtSchool(page, school)
	await signInAtProvider(page, login)
	await expect(page).toHaveURL(/\/studentdashboard$/)
})

test("an answer with another sign-in's state, and a code brought back twice, sign nobody in", async ({
	page,
	request,
}) => {
	const school = await newSchool(request)
	await configure(request, school)
	const login = await rosteredStudent(request, school, 'kai')
	// Two sign-ins started in one browser: the second's checks replace the first's, so the first's
	// answer comes back with a state this browser no longer expects.
	const other = await page.context().newPage()
	await page.goto(`/login/sso/${school.id}`)
	await page.getByRole('link', { name: 'Sign in with Riverside Login' }).click()
	await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`))
	await other.goto(`/login/sso/${school.id}`)
	await other.getByRole('link', { name: 'Sign in with Riverside Login' }).click()
	await expect(other).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`))
	await other.close()
	await signInAtProvider(page, login)
	await expectRefusal(page, NOT_CONFIRMED)

	// A good sign-in, then its very address again (a back button, a stolen link): refused.
	let callback = ''
	page.on('request', (sent) => {
		if (sent.url().includes('/login/sso/callback?')) callback = sent.url()
	})
	await startAtSchool(page, school)
	await signInAtProvider(page, login)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.getByRole('button', { name: 'Log out' }).click()
	await expect(page).toHaveURL(/\/login$/)
	expect(callback).not.toBe('')
	await page.goto(callback)
	await expectRefusal(page, 'Your school sign-in took too long. Start again from the login page.')
})

test('an account its owner made is linked only on the consent page naming the organization, with its password; the link is listed and removed', async ({
	page,
	request,
}) => {
	const school = await newSchool(request)
	await configure(request, school, provider.issuer, { joinByDomain: true })
	const email = `own@${school.domain}`
	const registered = await request.post(`${apiUrl}/auth/register-student`, {
		data: { firstName: 'Ola', lastName: 'Own', email, password: PASSWORD },
	})
	expect(registered.status()).toBe(201)
	const login = `own-${school.domain}`
	provider.accounts.set(login, { email, email_verified: true })
	const consentHeading = page.getByRole('heading', { name: 'Link your Riverside Login sign-in?' })

	// The planted link (issue 38): the person says no, then logs in with the password as usual:
	// nothing is linked by that login, and the school's button still cannot sign them in.
	await startAtSchool(page, school)
	await signInAtProvider(page, login)
	await expect(page).toHaveURL(/\/login\/sso\/link$/)
	await expect(consentHeading).toBeVisible()
	await expect(
		page.getByText(
			`${school.name} wants to link its Riverside Login sign-in to your TutorHub account ${email}.`,
		),
	).toBeVisible()
	await expect(
		page.getByText(
			`You will also join ${school.name}, and ${school.name} will see you as a member.`,
		),
	).toBeVisible()
	await page.getByRole('button', { name: "Don't link" }).click()
	await expect(page).toHaveURL(/\/login$/)
	await expect(
		page.getByText(`Nothing was linked. ${school.name} cannot sign you in.`).first(),
	).toBeVisible()
	await logIn(page, email, PASSWORD)
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await page.goto('/studentdashboard/profile')
	await expect(page.getByText('No school sign-in is linked to your account.')).toBeVisible()
	await page.getByRole('button', { name: 'Log out' }).click()
	await expect(page).toHaveURL(/\/login$/)
	await startAtSchool(page, school)
	await signInAtProvider(page, login)
	await expect(consentHeading).toBeVisible()

	// Consent: a wrong password is refused by its field; the right one links and signs in.
	await page.getByLabel('Your TutorHub password').fill('not-the-password')
	await page.getByRole('button', { name: 'Link my account' }).click()
	await expect(page.getByText('That password is not right.', { exact: true })).toBeVisible()
	await page.getByLabel('Your TutorHub password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Link my account' }).click()
	await expect(page).toHaveURL(/\/studentdashboard$/)
	await expect(
		page.getByText(`${school.name}'s Riverside Login sign-in is linked to your account`).first(),
	).toBeVisible()
	const mail = await waitForMail(
		email,
		`${school.name}'s sign-in was linked to your TutorHub account`,
	)
	expect(mail.text).toContain('Riverside Login can now sign you in without your password.')

	// Listed with the signed-in devices, and removed there.
	await page.goto('/studentdashboard/profile')
	const linked = page.getByRole('list', { name: 'Linked school sign-ins' })
	await expect(linked.getByText(`Riverside Login of ${school.name}`)).toBeVisible()
	await page.getByRole('button', { name: `Remove Riverside Login of ${school.name}` }).click()
	await expect(page.getByText('No school sign-in is linked to your account.')).toBeVisible()
	await page.getByRole('button', { name: 'Log out' }).click()
	await expect(page).toHaveURL(/\/login$/)

	// Removed, the school's button asks again instead of signing in.
	await startAtSchool(page, school)
	await signInAtProvider(page, login)
	await expect(consentHeading).toBeVisible()
})
