import { describe, expect, it } from 'vitest'
import { loginPath, pagePath } from './request.server'

describe('pagePath', () => {
	it('names the page a single-fetch request is for', () => {
		expect(
			pagePath(
				new Request(
					'http://x/teachersdashboard/library.data?page=2&_routes=routes%2Fteacher%2Flibrary',
				),
			),
		).toBe('/teachersdashboard/library?page=2')
		expect(pagePath(new Request('http://x/_root.data'))).toBe('/')
	})

	it('leaves a document request as it is', () => {
		expect(pagePath(new Request('http://x/teachersdashboard/library?type=video'))).toBe(
			'/teachersdashboard/library?type=video',
		)
	})

	it('is where login sends the user back to', () => {
		expect(loginPath(new Request('http://x/studentdashboard/tasks.data?_routes=x'))).toBe(
			`/login?redirectTo=${encodeURIComponent('/studentdashboard/tasks')}`,
		)
		expect(loginPath(new Request('http://x/_root.data'))).toBe('/login')
	})
})
