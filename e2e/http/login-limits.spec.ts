import { expect, test } from '@playwright/test'
import { request as httpRequest } from 'node:http'
import { appOrigin, demoPassword, registerUser } from './security-world'

// Login throttling through the app, from real, distinct client addresses: each "person" below
// connects from its own loopback address (127.x.y.z), and the app vouches for it to the API.

/** Posts the login form as a browser at `address` would (node:http binds the source address). */
function from(address: string) {
	return (form: Record<string, string>, headers: Record<string, string> = {}) =>
		new Promise<{ status: number; location: string | null; text: string }>((resolve, reject) => {
			const body = new URLSearchParams({ as: 'user', redirectTo: '', ...form }).toString()
			const request = httpRequest(
				`${appOrigin}/login`,
				{
					method: 'POST',
					localAddress: address,
					headers: {
						Origin: appOrigin,
						'Content-Type': 'application/x-www-form-urlencoded',
						'Content-Length': Buffer.byteLength(body),
						...headers,
					},
				},
				(response) => {
					let text = ''
					response.setEncoding('utf8')
					response.on('data', (chunk: string) => (text += chunk))
					response.on('end', () =>
						resolve({
							status: response.statusCode ?? 0,
							location: response.headers.location ?? null,
							text,
						}),
					)
				},
			)
			request.on('error', reject)
			request.end(body)
		})
}

/** A loopback address of this run's own (any 127.x.y.z is this machine), so reruns start clean. */
const someone = () =>
	`127.${1 + Math.floor(Math.random() * 254)}.${Math.floor(Math.random() * 256)}.${2 + Math.floor(Math.random() * 250)}`

const tooMany = /Too many failed login attempts\. Try again in \d+ (seconds?|minutes?)\./

test('an attacker guessing at an account is slowed down; its owner still logs in', async () => {
	const { email } = await registerUser('student', 'limits-victim')
	const attacker = from(someone())
	const answers = await Promise.all(
		Array.from({ length: 10 }, () => attacker({ email, password: 'not-it-at-all' })),
	)
	expect(answers.every((answer) => answer.status === 401 || answer.status === 429)).toBe(true)
	// Past five failures each guess waits: the next one, even with the right password, is turned away.
	const refused = await attacker({ email, password: demoPassword })
	expect(refused.status).toBe(429)
	expect(refused.text).toMatch(tooMany)

	const owner = from(someone())
	const login = await owner({ email, password: demoPassword })
	expect(login.status).toBe(302)
	expect(login.location).toBe('/studentdashboard')
})

test('one address trying many accounts is stopped after 20 failures a minute, whatever it claims to be', async () => {
	const sprayer = from(someone())
	const statuses: number[] = []
	for (let index = 0; index < 22; index++) {
		const answer = await sprayer(
			{ email: `sprayed-${index}-${Date.now().toString(36)}@example.com`, password: 'Summer2026!' },
			// Headers a browser can send are not believed.
			{
				'X-Forwarded-For': `203.0.113.${index}`,
				'X-TutorHub-Client-Address': `203.0.113.${index}`,
			},
		)
		statuses.push(answer.status)
		if (answer.status === 429) expect(answer.text).toMatch(tooMany)
	}
	expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true)
	expect(statuses.slice(20)).toEqual([429, 429])
	// Someone else is not affected.
	const { email } = await registerUser('student', 'limits-bystander')
	expect((await from(someone())({ email, password: demoPassword })).status).toBe(302)
})
