import { expect, test } from 'vitest'
import {
	classifyFailure,
	fieldErrorsFromBody,
	formatFieldErrors,
	SessionExpiredError,
	sessionToasts,
	storedErrorText,
	toastForFailure,
} from './upstream-errors'

const validationBody = {
	message: 'Validation failed',
	errors: [
		{ path: 'email', msg: 'Enter a valid email address' },
		{ path: 'password', msg: 'Too short' },
	],
}

test('validation errors: the joined path: msg list, 5 s, Dismiss', () => {
	expect(toastForFailure({ kind: 'response', body: validationBody })).toEqual({
		type: 'error',
		title: 'Validation Error',
		description: 'email: Enter a valid email address\npassword: Too short',
		duration: 5000,
		action: { label: 'Dismiss' },
	})
	expect(classifyFailure({ kind: 'response', body: validationBody }).kind).toBe('validation')
})

test('an error string: Request Failed, 4 s', () => {
	expect(
		toastForFailure({
			kind: 'response',
			body: { error: 'An organization with this email already exists' },
		}),
	).toEqual({
		type: 'error',
		title: 'Request Failed',
		description: 'An organization with this email already exists',
		duration: 4000,
	})
})

test('a message, or error.message: Error, 4 s', () => {
	const expected = {
		type: 'error',
		title: 'Error',
		description: 'Student not found',
		duration: 4000,
	}
	expect(toastForFailure({ kind: 'response', body: { message: 'Student not found' } })).toEqual(
		expected,
	)
	expect(
		toastForFailure({ kind: 'response', body: { error: { message: 'Student not found' } } }),
	).toEqual(expected)
	expect(classifyFailure({ kind: 'response', body: { message: 'Student not found' } }).kind).toBe(
		'message',
	)
})

test('timeout: Request Timeout, 6 s, Retry', () => {
	expect(toastForFailure({ kind: 'timeout' })).toEqual({
		type: 'error',
		title: 'Request Timeout',
		description: 'The server is taking longer than expected. It may be sleeping. Please try again.',
		duration: 6000,
		action: { label: 'Retry' },
	})
})

test('network failure: Network Error, 5 s, Retry', () => {
	expect(toastForFailure({ kind: 'network' })).toEqual({
		type: 'error',
		title: 'Network Error',
		description: 'Please check your internet connection and try again.',
		duration: 5000,
		action: { label: 'Retry' },
	})
})

test('anything else: Something went wrong with the error message, or the generic text', () => {
	expect(
		toastForFailure({ kind: 'unknown', errorMessage: 'Request failed with status 502' }),
	).toEqual({
		type: 'error',
		title: 'Something went wrong',
		description: 'Request failed with status 502',
		duration: 4000,
	})
	expect(toastForFailure({ kind: 'unknown' }).description).toBe('An unexpected error occurred')
	// A response body carrying none of the known fields falls through to the same row.
	expect(
		classifyFailure({
			kind: 'response',
			body: '<html>',
			errorMessage: 'Request failed with status 500',
		}),
	).toEqual({
		kind: 'unknown',
		toast: {
			type: 'error',
			title: 'Something went wrong',
			description: 'Request failed with status 500',
			duration: 4000,
		},
	})
})

test('precedence follows the table: errors[] before error before message', () => {
	const all = {
		errors: [{ path: 'name', msg: 'Required' }],
		error: 'Validation failed',
		message: 'Nope',
	}
	expect(toastForFailure({ kind: 'response', body: all }).title).toBe('Validation Error')
	expect(toastForFailure({ kind: 'response', body: { ...all, errors: [] } }).title).toBe(
		'Request Failed',
	)
	expect(toastForFailure({ kind: 'response', body: { message: 'Nope', error: '' } }).title).toBe(
		'Error',
	)
})

test('formatFieldErrors writes path: msg lines, the bare message when there is no path', () => {
	expect(
		formatFieldErrors([
			{ path: 'email', msg: 'Enter a valid email address' },
			{ path: '', msg: 'Check the form' },
		]),
	).toEqual(['email: Enter a valid email address', 'Check the form'])
})

test('fieldErrorsFromBody keeps entries with a message and dots array paths', () => {
	expect(
		fieldErrorsFromBody({
			errors: [
				{ path: ['questions', 0, 'text'], msg: 'Required' },
				{ path: 'x' },
				'oops',
				{ path: 3, msg: 'Bad' },
			],
		}),
	).toEqual([
		{ path: 'questions.0.text', msg: 'Required' },
		{ path: '3', msg: 'Bad' },
	])
	expect(fieldErrorsFromBody(undefined)).toEqual([])
})

test('stored error text: message by default, error for the calls that answer that way', () => {
	const body = {
		message: 'Validation failed',
		error: 'An organization with this email already exists',
	}
	expect(storedErrorText(body)).toBe('Validation failed')
	expect(storedErrorText(body, 'error')).toBe('An organization with this email already exists')
	expect(storedErrorText({ error: { message: 'Nested' } }, 'error')).toBe('Nested')
	expect(storedErrorText({ error: 'Only error' })).toBeUndefined()
	expect(storedErrorText('not json')).toBeUndefined()
})

test('session expiry carries the toast for its reason', () => {
	const failed = new SessionExpiredError('refresh-failed')
	expect(failed.toast).toEqual({
		type: 'error',
		title: 'Session expired. Please login again.',
		duration: 4000,
		action: { label: 'Login', href: '/login' },
	})
	expect(new SessionExpiredError('refresh-timeout').toast).toEqual(sessionToasts.timedOut)
	expect(sessionToasts.timedOut).toMatchObject({ duration: 6000, action: { label: 'Retry' } })
	expect(sessionToasts.refreshed).toEqual({
		type: 'success',
		title: 'Session refreshed successfully',
		duration: 2000,
	})
})
