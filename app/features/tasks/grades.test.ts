import { expect, test } from 'vitest'
import { averageGrade, gradeDistribution } from './grades'

test('grades fall in the spec buckets, lower bound included, 100 in the last', () => {
	expect(gradeDistribution([0, 59, 60, 69.5, 70, 79, 80, 89, 90, 99, 100])).toEqual([
		{ label: '0-60', count: 2 },
		{ label: '60-70', count: 2 },
		{ label: '70-80', count: 2 },
		{ label: '80-90', count: 2 },
		{ label: '90-100', count: 3 },
	])
})

test('no grades gives five empty buckets; out-of-range values are left out', () => {
	expect(gradeDistribution([]).map((bucket) => bucket.count)).toEqual([0, 0, 0, 0, 0])
	expect(gradeDistribution([-1, 101, Number.NaN]).map((bucket) => bucket.count)).toEqual([
		0, 0, 0, 0, 0,
	])
})

test('the average is rounded to one decimal, null without grades', () => {
	expect(averageGrade([80, 85, 90])).toBe(85)
	expect(averageGrade([70, 71, 71])).toBe(70.7)
	expect(averageGrade([])).toBeNull()
})
