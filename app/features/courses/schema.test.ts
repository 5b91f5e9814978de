import { expect, test } from 'vitest'
import { formatMoney } from '~/platform/numbers'
import { chargeOf } from './catalogue'
import {
	adjustTotal,
	courseBodyFromForm,
	courseFormSchema,
	linesToModules,
	modulesToLines,
	readCatalogueQuery,
	totalEnrolled,
} from './schema'

test('a create adds 1 to the total; a delete takes 1 away, never below 0', () => {
	expect(adjustTotal(4, 'create')).toBe(5)
	expect(adjustTotal(1, 'delete')).toBe(0)
	expect(adjustTotal(0, 'delete')).toBe(0)
})

test('enrolled students are summed over the courses', () => {
	expect(
		totalEnrolled([{ enrolledStudents: 3 }, { enrolledStudents: 0 }, { enrolledStudents: 12 }]),
	).toBe(15)
	expect(totalEnrolled([])).toBe(0)
})

test('a student pays the discounted price when there is one', () => {
	expect(chargeOf({ amount: 299.99, currency: 'USD', discounted: 249.99 })).toBe(249.99)
	expect(chargeOf({ amount: 49, currency: 'USD', discounted: null })).toBe(49)
	expect(formatMoney(249.99, 'USD')).toBe('$249.99')
	expect(formatMoney(19, 'EUR')).toBe('€19.00')
})

test('module lines round-trip and keep what the form does not show', () => {
	const existing = [
		{ title: 'Limits', description: 'The basics', duration: '2 weeks', topics: ['a'] },
	]
	const modules = linesToModules('Limits: one-sided limits; continuity\n\n  Integrals  ', existing)
	expect(modules).toEqual([
		{
			title: 'Limits',
			description: 'The basics',
			duration: '2 weeks',
			topics: ['one-sided limits', 'continuity'],
		},
		{ title: 'Integrals', description: '', duration: '', topics: [] },
	])
	expect(modulesToLines(modules)).toBe('Limits: one-sided limits; continuity\nIntegrals')
})

test('the course form becomes the API body', () => {
	const parsed = courseFormSchema.parse({
		title: ' Botany ',
		description: 'Plants',
		category: 'Science',
		level: 'Beginner',
		price: '25.50',
		discountedPrice: '20',
		currency: 'USD',
		weeks: '4',
		hoursPerWeek: '2.5',
		languages: 'English, Spanish',
		learningOutcomes: 'Name the parts\nExplain growth',
		isPublished: 'on',
	})
	expect(courseBodyFromForm(parsed)).toEqual({
		title: 'Botany',
		subtitle: null,
		description: 'Plants',
		category: 'Science',
		level: 'Beginner',
		price: { amount: 25.5, currency: 'USD', discounted: 20 },
		maxStudents: null,
		duration: { weeks: 4, hoursPerWeek: 2.5 },
		languages: ['English', 'Spanish'],
		// No language of its own chosen: its pages speak each person's (decision 063).
		locale: null,
		learningOutcomes: ['Name the parts', 'Explain growth'],
		modules: [],
		isPublished: true,
	})
})

test('the course form refuses bad prices and half a duration', () => {
	const base = {
		title: 'x',
		description: 'y',
		category: 'Science',
		level: 'Beginner',
		currency: 'USD',
	}
	const issues = (input: object) =>
		courseFormSchema
			.safeParse({ ...base, ...input })
			.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
	expect(issues({ price: '1.234' })).toEqual(['price: Price must be an amount like 49 or 49.99'])
	expect(issues({ price: '10', discountedPrice: '10' })).toEqual([
		'discountedPrice: Discounted price must be below the price',
	])
	expect(issues({ price: '10', weeks: '3' })).toEqual([
		'hoursPerWeek: Give both weeks and hours per week, or neither',
	])
})

test('catalogue filters come from the URL; unknown values are ignored', () => {
	expect(
		readCatalogueQuery(new URL('http://x/courses?category=Science&level=Advanced&page=2')),
	).toEqual({
		category: 'Science',
		level: 'Advanced',
		page: 2,
	})
	expect(readCatalogueQuery(new URL('http://x/courses?category=Cooking&level=&page=-1'))).toEqual({
		category: undefined,
		level: undefined,
		page: 1,
	})
})

test('the catalogue search comes from the URL trimmed, blank as none, cut to what the API takes', () => {
	expect(
		readCatalogueQuery(new URL('http://x/courses?search=%20algebra%20&level=Beginner')),
	).toEqual({
		category: undefined,
		level: 'Beginner',
		search: 'algebra',
		page: 1,
	})
	expect(readCatalogueQuery(new URL('http://x/courses?search=%20%20')).search).toBeUndefined()
	expect(readCatalogueQuery(new URL(`http://x/courses?search=${'b'.repeat(150)}`)).search).toBe(
		'b'.repeat(100),
	)
})
