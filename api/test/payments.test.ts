import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { applyConfirmation } from '../src/payments/confirmation.ts'
import {
	apiForFile,
	call,
	login,
	organizationLogin,
	registerStudent,
	startApi,
	type TestApi,
} from './helpers.ts'

const api = apiForFile()
const tokens = { teacher: '', organization: '' }
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const nextYear = new Date().getUTCFullYear() + 1
const card = (cardNumber: string, fields: Record<string, unknown> = {}) => ({
	cardNumber,
	expMonth: 12,
	expYear: nextYear,
	cvc: '123',
	name: 'Sam Rivera',
	...fields,
})

async function publishedCourse(fields: Record<string, unknown> = {}) {
	const answer = await call(api, 'POST', '/courses/create-course', {
		token: tokens.teacher,
		json: {
			title: 'Geometry Workshop',
			description: 'Shapes, angles and proofs.',
			category: 'Mathematics',
			level: 'Intermediate',
			price: { amount: 40, currency: 'USD', discounted: 35.5 },
			isPublished: true,
			...fields,
		},
	})
	if (answer.status !== 201) throw new Error(`create course: ${answer.status}`)
	return answer.body.course
}

async function enrolledIds(token: string) {
	const answer = await call(api, 'GET', '/courses/enrolled?limit=100', { token })
	return answer.body.courses.map((course: { id: string }) => course.id) as string[]
}

async function paymentsOf(studentId: string, courseId: string) {
	return api.db
		.selectFrom('payments')
		.select(['id', 'status', 'failure_code', 'failure_message'])
		.where('student_id', '=', studentId)
		.where('course_id', '=', courseId)
		.execute()
}

async function enrollmentsOf(courseId: string) {
	return api.db.selectFrom('enrollments').selectAll().where('course_id', '=', courseId).execute()
}

beforeAll(async () => {
	tokens.teacher = (await login(api, 'teacher@example.com')).token
	tokens.organization = (await organizationLogin(api, 'organization@example.com')).token
})

describe('checkout with the test provider', () => {
	test('the success card pays the discounted price and enrols the student once', async () => {
		const course = await publishedCourse()
		const student = await registerStudent(api)
		const started = await call(api, 'POST', '/payments/checkout', {
			token: student.token,
			json: { courseId: course.id },
		})
		expect(started.status).toBe(201)
		expect(started.body).toEqual({
			payment: expect.objectContaining({
				courseId: course.id,
				courseTitle: 'Geometry Workshop',
				amount: 35.5,
				currency: 'USD',
				provider: 'test',
				status: 'requires_payment',
				card: null,
			}),
			clientSecret: null,
		})
		const paymentId = started.body.payment.id
		expect(await enrolledIds(student.token)).not.toContain(course.id)

		const paid = await call(api, 'POST', `/payments/${paymentId}/pay`, {
			token: student.token,
			json: card('4242 4242 4242 4242'),
		})
		expect(paid.status).toBe(200)
		expect(paid.body.payment).toMatchObject({
			status: 'succeeded',
			card: { brand: 'visa', last4: '4242' },
			failureMessage: null,
		})
		expect(await enrolledIds(student.token)).toContain(course.id)

		// Only brand and last four digits are kept.
		const row = await api.db
			.selectFrom('payments')
			.selectAll()
			.where('id', '=', paymentId)
			.executeTakeFirstOrThrow()
		expect(JSON.stringify(row)).not.toContain('4242424242424242')
		expect(row.amount).toBe(3550)

		const status = await call(api, 'GET', `/payments/${paymentId}`, { token: student.token })
		expect(status.body.payment.status).toBe('succeeded')
		const listed = await call(api, 'GET', `/courses/${course.id}`)
		expect(listed.body.course.enrolledStudents).toBe(1)

		const again = await call(api, 'POST', `/payments/${paymentId}/pay`, {
			token: student.token,
			json: card('4242424242424242'),
		})
		expect(again.status).toBe(409)
		const twice = await call(api, 'POST', '/payments/checkout', {
			token: student.token,
			json: { courseId: course.id },
		})
		// Checking out again answers the payment that enrolled them: nothing new to pay.
		expect(twice.status).toBe(200)
		expect(twice.body.payment).toMatchObject({ id: paymentId, status: 'succeeded' })
		expect(await paymentsOf(student.user.id, course.id)).toHaveLength(1)
	})

	test('a confirmation delivered twice settles and enrols exactly once', async () => {
		const course = await publishedCourse({ title: 'Double delivery' })
		const student = await registerStudent(api)
		const started = await call(api, 'POST', '/payments/checkout', {
			token: student.token,
			json: { courseId: course.id },
		})
		const paymentId = started.body.payment.id
		const confirmation = {
			eventId: 'evt_repeat_1',
			type: 'test.charge',
			paymentId,
			outcome: { status: 'succeeded' as const },
		}
		const results = await Promise.all([
			applyConfirmation(api.db, confirmation),
			applyConfirmation(api.db, confirmation),
		])
		expect(results.map((result) => result.applied).sort()).toEqual([false, true])
		// A different, later event for a settled payment changes nothing either.
		const late = await applyConfirmation(api.db, {
			...confirmation,
			eventId: 'evt_repeat_2',
			outcome: { status: 'failed', code: 'card_declined', message: 'declined' },
		})
		expect(late.applied).toBe(false)
		const status = await call(api, 'GET', `/payments/${paymentId}`, { token: student.token })
		expect(status.body.payment.status).toBe('succeeded')
		const enrollments = await api.db
			.selectFrom('enrollments')
			.selectAll()
			.where('course_id', '=', course.id)
			.execute()
		expect(enrollments).toHaveLength(1)
		const events = await api.db
			.selectFrom('payment_events')
			.selectAll()
			.where('payment_id', '=', paymentId)
			.execute()
		expect(events.map((event) => event.event_id).sort()).toEqual(['evt_repeat_1', 'evt_repeat_2'])
	})

	test('the declined and insufficient-funds cards fail and enrol nothing', async () => {
		const course = await publishedCourse({ title: 'Declines' })
		for (const [number, code, message] of [
			['4000000000000002', 'card_declined', 'Your card was declined.'],
			['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
		]) {
			const student = await registerStudent(api)
			const started = await call(api, 'POST', '/payments/checkout', {
				token: student.token,
				json: { courseId: course.id },
			})
			const paid = await call(api, 'POST', `/payments/${started.body.payment.id}/pay`, {
				token: student.token,
				json: card(number as string),
			})
			expect(paid.status).toBe(200)
			expect(paid.body.payment).toMatchObject({
				status: 'failed',
				failureCode: code,
				failureMessage: message,
			})
			expect(await enrolledIds(student.token)).not.toContain(course.id)
		}
	})

	test('bad card details answer 400 and leave the payment open', async () => {
		const course = await publishedCourse({ title: 'Bad cards' })
		const student = await registerStudent(api)
		const started = await call(api, 'POST', '/payments/checkout', {
			token: student.token,
			json: { courseId: course.id },
		})
		const path = `/payments/${started.body.payment.id}/pay`
		const cases: [unknown, string][] = [
			[card('4242424242424241'), 'cardNumber'],
			[card('4242'), 'cardNumber'],
			[card('4242424242424242', { cvc: '12' }), 'cvc'],
			[card('4242424242424242', { expMonth: 13 }), 'expMonth'],
			[card('4242424242424242', { expYear: 2001, expMonth: 1 }), 'expMonth'],
			[card('4242424242424242', { name: ' ' }), 'name'],
		]
		for (const [json, field] of cases) {
			const answer = await call(api, 'POST', path, { token: student.token, json })
			expect(answer.status, field).toBe(400)
			expect(answer.body.errors.map((error: { path: string }) => error.path)).toContain(field)
			expect(JSON.stringify(answer.body)).not.toContain('424242424242')
		}
		const status = await call(api, 'GET', `/payments/${started.body.payment.id}`, {
			token: student.token,
		})
		expect(status.body.payment.status).toBe('requires_payment')
	})

	test("a payment is its student's: others get 403, unknown ids 404", async () => {
		const course = await publishedCourse({ title: 'Private payments' })
		const owner = await registerStudent(api)
		const other = await registerStudent(api)
		const started = await call(api, 'POST', '/payments/checkout', {
			token: owner.token,
			json: { courseId: course.id },
		})
		const id = started.body.payment.id
		expect((await call(api, 'GET', `/payments/${id}`, { token: other.token })).status).toBe(403)
		expect(
			(
				await call(api, 'POST', `/payments/${id}/pay`, {
					token: other.token,
					json: card('4242424242424242'),
				})
			).status,
		).toBe(403)
		expect((await call(api, 'GET', `/payments/${id}`, { token: tokens.teacher })).status).toBe(403)
		const unknown = await call(api, 'GET', `/payments/${UNKNOWN_ID}`, { token: owner.token })
		expect(unknown.status).toBe(404)
		expect(unknown.body).toEqual({ message: 'Payment not found', code: 'not_found' })
	})

	test('checkout refuses unknown, unpublished and full courses, bad bodies and non-students', async () => {
		const student = await registerStudent(api)
		const unknown = await call(api, 'POST', '/payments/checkout', {
			token: student.token,
			json: { courseId: UNKNOWN_ID },
		})
		expect(unknown.status).toBe(404)
		const draft = await publishedCourse({ title: 'Draft', isPublished: false })
		expect(
			(
				await call(api, 'POST', '/payments/checkout', {
					token: student.token,
					json: { courseId: draft.id },
				})
			).status,
		).toBe(404)
		const bad = await call(api, 'POST', '/payments/checkout', {
			token: student.token,
			json: { courseId: 'x' },
		})
		expect(bad.status).toBe(400)
		expect(bad.body.errors).toEqual([{ path: 'courseId', msg: 'courseId must be a UUID' }])
		const teacher = await call(api, 'POST', '/payments/checkout', {
			token: tokens.teacher,
			json: { courseId: draft.id },
		})
		expect(teacher.status).toBe(403)

		const small = await publishedCourse({ title: 'Tiny class', maxStudents: 1 })
		const first = await call(api, 'POST', '/payments/checkout', {
			token: student.token,
			json: { courseId: small.id },
		})
		await call(api, 'POST', `/payments/${first.body.payment.id}/pay`, {
			token: student.token,
			json: card('4242424242424242'),
		})
		const late = await registerStudent(api)
		const full = await call(api, 'POST', '/payments/checkout', {
			token: late.token,
			json: { courseId: small.id },
		})
		expect(full.status).toBe(409)
		expect(full.body).toEqual({ message: 'This course is full', code: 'conflict' })
	})

	test('a free course enrols at checkout, through the same confirmation', async () => {
		const course = await publishedCourse({
			title: 'Free taster',
			price: { amount: 0, currency: 'USD' },
		})
		const student = await registerStudent(api)
		const answer = await call(api, 'POST', '/payments/checkout', {
			token: student.token,
			json: { courseId: course.id },
		})
		expect(answer.status).toBe(201)
		expect(answer.body.payment).toMatchObject({ provider: 'free', status: 'succeeded', amount: 0 })
		expect(await enrolledIds(student.token)).toContain(course.id)
	})

	test('max students cannot be set below the enrolled count', async () => {
		const course = await publishedCourse({ title: 'Popular' })
		for (let index = 0; index < 2; index++) {
			const student = await registerStudent(api)
			const started = await call(api, 'POST', '/payments/checkout', {
				token: student.token,
				json: { courseId: course.id },
			})
			await call(api, 'POST', `/payments/${started.body.payment.id}/pay`, {
				token: student.token,
				json: card('4242424242424242'),
			})
		}
		const answer = await call(api, 'PUT', `/courses/update-course/${course.id}`, {
			token: tokens.teacher,
			json: { maxStudents: 1 },
		})
		expect(answer.status).toBe(400)
		expect(answer.body.errors).toEqual([
			{ path: 'maxStudents', msg: 'Max students cannot be below the 2 already enrolled' },
		])
	})
})

describe('payment setup (test provider)', () => {
	const urls = {
		returnUrl: 'http://localhost:3000/teachersdashboard/stripe/complete-onboarding',
		refreshUrl: 'http://localhost:3000/teachersdashboard/payment-setup',
	}

	test('a teacher starts and completes onboarding', async () => {
		const before = await call(api, 'GET', '/payments/onboarding', { token: tokens.teacher })
		expect(before.body).toEqual({
			account: { provider: 'test', status: 'not_started', accountId: null },
		})
		const started = await call(api, 'POST', '/payments/onboarding', {
			token: tokens.teacher,
			json: urls,
		})
		expect(started.status).toBe(200)
		expect(started.body.url).toBe(urls.returnUrl)
		expect(started.body.account).toMatchObject({
			provider: 'test',
			status: 'pending',
			accountId: expect.stringMatching(/^acct_test_/),
		})
		const done = await call(api, 'POST', '/payments/onboarding/complete', { token: tokens.teacher })
		expect(done.body.account.status).toBe('complete')
		const after = await call(api, 'GET', '/payments/onboarding', { token: tokens.teacher })
		expect(after.body.account).toEqual(done.body.account)
	})

	test('an organization has its own account; completing before starting is 409', async () => {
		const early = await call(api, 'POST', '/payments/onboarding/complete', {
			token: tokens.organization,
		})
		expect(early.status).toBe(409)
		expect(early.body).toEqual({ message: 'Start payment setup first', code: 'conflict' })
		const started = await call(api, 'POST', '/payments/onboarding', {
			token: tokens.organization,
			json: urls,
		})
		expect(started.body.account.status).toBe('pending')
	})

	test('bad URLs answer 400, students 403', async () => {
		const bad = await call(api, 'POST', '/payments/onboarding', {
			token: tokens.teacher,
			json: { returnUrl: 'javascript:alert(1)', refreshUrl: urls.refreshUrl },
		})
		expect(bad.status).toBe(400)
		expect(bad.body.errors).toEqual([
			{ path: 'returnUrl', msg: 'returnUrl must be an http(s) URL' },
		])
		const student = await registerStudent(api)
		expect((await call(api, 'GET', '/payments/onboarding', { token: student.token })).status).toBe(
			403,
		)
	})

	test('the Stripe webhook is not served without Stripe keys', async () => {
		expect((await call(api, 'POST', '/payments/webhook', { json: {} })).status).toBe(404)
	})
})

describe('paying at most once, and never past the last seat', () => {
	const checkout = (token: string, courseId: string) =>
		call(api, 'POST', '/payments/checkout', { token, json: { courseId } })
	const pay = (token: string, paymentId: string) =>
		call(api, 'POST', `/payments/${paymentId}/pay`, { token, json: card('4242424242424242') })

	test('two checkouts at once open one payment; five pays at once charge it once', async () => {
		const course = await publishedCourse({ title: 'Double click' })
		const student = await registerStudent(api)
		const [first, second] = await Promise.all([
			checkout(student.token, course.id),
			checkout(student.token, course.id),
		])
		expect([first.status, second.status].sort()).toEqual([200, 201])
		expect(first.body.payment.id).toBe(second.body.payment.id)
		// A third, later (another tab), answers the same open payment.
		const third = await checkout(student.token, course.id)
		expect(third.status).toBe(200)
		expect(third.body.payment).toMatchObject({
			id: first.body.payment.id,
			status: 'requires_payment',
		})

		// Five pays at once, spread over what both checkouts answered (a double click, two tabs).
		const answered = [first.body.payment.id, second.body.payment.id, third.body.payment.id]
		const pays = await Promise.all(
			Array.from({ length: 5 }, (_, index) => pay(student.token, answered[index % 3])),
		)
		expect(pays.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409])
		const payments = await paymentsOf(student.user.id, course.id)
		expect(payments).toEqual([expect.objectContaining({ status: 'succeeded' })])
		expect(await enrollmentsOf(course.id)).toHaveLength(1)
	})

	test('two students racing for the last seat: one enrols, the other is not charged', async () => {
		const course = await publishedCourse({ title: 'Last seat', maxStudents: 1 })
		const [ana, ben] = await Promise.all([registerStudent(api), registerStudent(api)])
		// Both start while the seat is free.
		const [anaCheckout, benCheckout] = await Promise.all([
			checkout(ana.token, course.id),
			checkout(ben.token, course.id),
		])
		expect([anaCheckout.status, benCheckout.status]).toEqual([201, 201])
		const paid = await Promise.all([
			pay(ana.token, anaCheckout.body.payment.id),
			pay(ben.token, benCheckout.body.payment.id),
		])
		expect(paid.map((answer) => answer.status)).toEqual([200, 200])
		const outcomes = paid.map((answer) => answer.body.payment)
		expect(outcomes.map((payment) => payment.status).sort()).toEqual(['failed', 'succeeded'])
		const refused = outcomes.find((payment) => payment.status === 'failed')
		expect(refused).toMatchObject({
			failureCode: 'course_full',
			failureMessage:
				'This course filled up before your payment went through. You have not been charged.',
		})
		expect(await enrollmentsOf(course.id)).toHaveLength(1)
		// The seat is gone for new checkouts too.
		const late = await registerStudent(api)
		expect((await checkout(late.token, course.id)).body).toEqual({
			message: 'This course is full',
			code: 'conflict',
		})
	})

	test('a confirmation for a student already enrolled enrols nobody twice', async () => {
		const course = await publishedCourse({ title: 'Enrolled meanwhile' })
		const student = await registerStudent(api)
		const started = await checkout(student.token, course.id)
		// Enrolled by another path (a free place, an organization) while the payment was open.
		await api.db
			.insertInto('enrollments')
			.values({ course_id: course.id, student_id: student.user.id })
			.execute()
		const paid = await pay(student.token, started.body.payment.id)
		expect(paid.body.payment).toMatchObject({
			status: 'failed',
			failureCode: 'already_enrolled',
			failureMessage: 'You are already enrolled in this course. You have not been charged.',
		})
		expect(await enrollmentsOf(course.id)).toHaveLength(1)
	})

	test('a student has one open payment per course, even written straight to the database', async () => {
		const course = await publishedCourse({ title: 'One open payment' })
		const student = await registerStudent(api)
		const started = await checkout(student.token, course.id)
		const second = api.db
			.insertInto('payments')
			.values({
				course_id: course.id,
				course_title: course.title,
				student_id: student.user.id,
				amount: 100,
				currency: 'USD',
				provider: 'test',
				provider_ref: `test_pi_second_${started.body.payment.id}`,
			})
			.execute()
		await expect(second).rejects.toThrow(/payments_one_in_flight_idx/)
	})
})

describe('Stripe webhook', () => {
	const webhookSecret = 'whsec_test_secret'
	let stripeApi: TestApi
	const stripe = new Stripe('sk_test_placeholder')

	// A local stand-in for Stripe's API: records what the SDK sends (refunds) and answers as Stripe.
	const stripeCalls: { path: string; idempotencyKey: string | undefined; body: string }[] = []
	let stripeServer: Server
	// How the stand-in answers a refund: made, Stripe down, or refunded long ago (key forgotten).
	let refunds: 'made' | 'down' | 'refunded already' = 'made'
	const refundAnswers = {
		made: [200, { id: 're_made', object: 'refund', status: 'succeeded' }],
		down: [500, { error: { type: 'api_error', message: 'Stripe is down' } }],
		'refunded already': [
			400,
			{
				error: {
					type: 'invalid_request_error',
					code: 'charge_already_refunded',
					message: 'Charge has already been refunded.',
				},
			},
		],
	} as const

	beforeAll(async () => {
		stripeServer = createServer((request, response) => {
			let body = ''
			request.on('data', (chunk: Buffer) => (body += chunk.toString()))
			request.on('end', () => {
				const idempotencyKey = request.headers['idempotency-key'] as string | undefined
				stripeCalls.push({ path: request.url ?? '', idempotencyKey, body })
				const [status, answer] = refundAnswers[refunds]
				response.writeHead(status, { 'Content-Type': 'application/json' })
				response.end(JSON.stringify(answer))
			})
		})
		await new Promise<void>((resolve) => stripeServer.listen(0, '127.0.0.1', resolve))
		const { port } = stripeServer.address() as AddressInfo
		stripeApi = await startApi({
			config: {
				stripe: {
					secretKey: 'sk_test_placeholder',
					webhookSecret,
					apiUrl: `http://127.0.0.1:${port}`,
				},
			},
		})
	})
	afterAll(async () => {
		await stripeApi.close()
		await new Promise((resolve) => stripeServer.close(resolve))
	})

	async function stripePayment(student?: Awaited<ReturnType<typeof registerStudent>>) {
		student ??= await registerStudent(stripeApi)
		const course = await stripeApi.db
			.selectFrom('courses')
			.select(['id', 'title'])
			.where('is_published', '=', true)
			.executeTakeFirstOrThrow()
		const payment = await stripeApi.db
			.insertInto('payments')
			.values({
				course_id: course.id,
				course_title: course.title,
				student_id: student.user.id,
				amount: 4900,
				currency: 'USD',
				provider: 'stripe',
				provider_ref: `pi_${Date.now()}${Math.random().toString(36).slice(2, 8)}`,
			})
			.returningAll()
			.executeTakeFirstOrThrow()
		return { student, course, payment }
	}

	function deliver(event: object, secret = webhookSecret) {
		const payload = JSON.stringify(event)
		const signature = stripe.webhooks.generateTestHeaderString({ payload, secret })
		return call(stripeApi, 'POST', '/payments/webhook', {
			body: payload,
			headers: { 'content-type': 'application/json', 'stripe-signature': signature },
		})
	}

	test('a signed payment_intent.succeeded enrols once, even delivered twice', async () => {
		const { student, course, payment } = await stripePayment()
		const event = {
			id: 'evt_stripe_1',
			object: 'event',
			type: 'payment_intent.succeeded',
			data: {
				object: {
					id: payment.provider_ref,
					object: 'payment_intent',
					metadata: { paymentId: payment.id },
				},
			},
		}
		const first = await deliver(event)
		const second = await deliver(event)
		expect([first.status, second.status]).toEqual([200, 200])
		expect(first.body).toEqual({ received: true })
		const status = await call(stripeApi, 'GET', `/payments/${payment.id}`, { token: student.token })
		expect(status.body.payment.status).toBe('succeeded')
		const enrollments = await stripeApi.db
			.selectFrom('enrollments')
			.selectAll()
			.where('course_id', '=', course.id)
			.where('student_id', '=', student.user.id)
			.execute()
		expect(enrollments).toHaveLength(1)
	})

	test('payment_intent.payment_failed records the reason and enrols nothing', async () => {
		const { student, payment } = await stripePayment()
		const answer = await deliver({
			id: 'evt_stripe_2',
			object: 'event',
			type: 'payment_intent.payment_failed',
			data: {
				object: {
					id: payment.provider_ref,
					object: 'payment_intent',
					last_payment_error: {
						code: 'card_declined',
						decline_code: 'insufficient_funds',
						message: 'Your card has insufficient funds.',
					},
				},
			},
		})
		expect(answer.status).toBe(200)
		const status = await call(stripeApi, 'GET', `/payments/${payment.id}`, { token: student.token })
		expect(status.body.payment).toMatchObject({
			status: 'failed',
			failureCode: 'insufficient_funds',
		})
		expect(
			(await call(stripeApi, 'GET', '/courses/enrolled', { token: student.token })).body.courses,
		).toEqual([])
	})

	test('a wrong or missing signature answers 400 and changes nothing', async () => {
		const { student, payment } = await stripePayment()
		const event = {
			id: 'evt_stripe_3',
			object: 'event',
			type: 'payment_intent.succeeded',
			data: { object: { id: payment.provider_ref, object: 'payment_intent' } },
		}
		const forged = await deliver(event, 'whsec_someone_else')
		expect(forged.status).toBe(400)
		expect(forged.body).toEqual({ message: 'Invalid webhook signature', code: 'bad_request' })
		const unsigned = await call(stripeApi, 'POST', '/payments/webhook', { json: event })
		expect(unsigned.status).toBe(400)
		const status = await call(stripeApi, 'GET', `/payments/${payment.id}`, { token: student.token })
		expect(status.body.payment.status).toBe('requires_payment')
	})

	test('the test provider refuses a Stripe payment', async () => {
		const { student, payment } = await stripePayment()
		const answer = await call(stripeApi, 'POST', `/payments/${payment.id}/pay`, {
			token: student.token,
			json: card('4242424242424242'),
		})
		expect(answer.status).toBe(400)
		expect(answer.body).toEqual({
			message: 'This payment is not handled by the test provider',
			code: 'bad_request',
		})
	})

	test('a replayed webhook for a second payment of an enrolled student enrols nobody and refunds once', async () => {
		const first = await stripePayment()
		const succeeded = (id: string, intent: string | null) => ({
			id,
			object: 'event',
			type: 'payment_intent.succeeded',
			data: { object: { id: intent, object: 'payment_intent' } },
		})
		expect((await deliver(succeeded('evt_once_1', first.payment.provider_ref))).status).toBe(200)
		// A second charge of the same student and course (a second tab that paid too).
		const second = await stripePayment(first.student)
		const event = succeeded('evt_once_2', second.payment.provider_ref)
		stripeCalls.length = 0
		refunds = 'down'
		// Stripe cannot be reached for the refund: the webhook answers 502 so Stripe delivers again.
		expect((await deliver(event)).status).toBe(502)
		refunds = 'made'
		expect((await deliver(event)).status).toBe(200)
		expect((await deliver(event)).status).toBe(200)

		const enrollments = await stripeApi.db
			.selectFrom('enrollments')
			.selectAll()
			.where('course_id', '=', first.course.id)
			.where('student_id', '=', first.student.user.id)
			.execute()
		expect(enrollments).toHaveLength(1)
		const status = await call(stripeApi, 'GET', `/payments/${second.payment.id}`, {
			token: first.student.token,
		})
		expect(status.body.payment).toMatchObject({
			status: 'failed',
			failureCode: 'already_enrolled',
			failureMessage: 'You are already enrolled in this course. Your payment has been refunded.',
		})
		// Every refund request names the same idempotency key, so Stripe refunds once.
		const refundCalls = stripeCalls.filter((request) => request.path === '/v1/refunds')
		expect(refundCalls.length).toBeGreaterThanOrEqual(2)
		expect(new Set(refundCalls.map((request) => request.idempotencyKey))).toEqual(
			new Set([`refund-${second.payment.id}`]),
		)
		expect(refundCalls[0]!.body).toContain(`payment_intent=${second.payment.provider_ref}`)

		// Replayed days later, when Stripe no longer knows the key and says it is refunded already:
		// acknowledged, so Stripe stops delivering it, and still nobody enrolled twice.
		refunds = 'refunded already'
		expect((await deliver(event)).status).toBe(200)
		refunds = 'made'
		expect(
			await stripeApi.db
				.selectFrom('enrollments')
				.selectAll()
				.where('course_id', '=', first.course.id)
				.where('student_id', '=', first.student.user.id)
				.execute(),
		).toHaveLength(1)
	})
})
