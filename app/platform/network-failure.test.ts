import { describe, expect, it } from 'vitest'
import { isNetworkFailure } from './network-failure'

describe('isNetworkFailure', () => {
	it.each([
		'Failed to fetch',
		'Failed to fetch dynamically imported module: http://localhost/assets/courses-1.js',
		'NetworkError when attempting to fetch resource.',
		'error loading dynamically imported module: http://localhost/assets/courses-1.js',
		'Load failed',
		'Importing a module script failed.',
	])('knows what a browser throws when the request cannot leave: %s', (message) => {
		expect(isNetworkFailure(new TypeError(message))).toBe(true)
	})

	it('leaves the app’s own errors to the crash screen', () => {
		expect(
			isNetworkFailure(new TypeError("Cannot read properties of undefined (reading 'title')")),
		).toBe(false)
		expect(isNetworkFailure(new Error('Failed to fetch'))).toBe(false)
		expect(isNetworkFailure('Failed to fetch')).toBe(false)
	})
})
