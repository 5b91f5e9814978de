import { expect, test } from 'vitest'
import {
	enrollmentSeries,
	layoutBars,
	layoutLine,
	monthLabel,
	niceMax,
	tickCount,
	ticks,
} from './charts'

test('months read en-US', () => {
	expect(monthLabel('2026-11')).toBe('Nov 2026')
	expect(monthLabel('2027-01')).toBe('Jan 2027')
})

test('the enrollment series covers the last months evenly, joiners counted by role', () => {
	const series = enrollmentSeries(
		[
			{ month: '2026-11', role: 'student', count: 3 },
			{ month: '2026-11', role: 'tutor', count: 1 },
			{ month: '2026-09', role: 'student', count: 2 },
			{ month: '2025-01', role: 'student', count: 9 },
		],
		new Date('2026-11-21T12:00:00Z'),
		3,
	)
	expect(series).toEqual([
		{ month: '2026-09', students: 2, teachers: 0 },
		{ month: '2026-10', students: 0, teachers: 0 },
		{ month: '2026-11', students: 3, teachers: 1 },
	])
	expect(enrollmentSeries([], new Date('2026-01-15T00:00:00Z'), 2).map((m) => m.month)).toEqual([
		'2025-12',
		'2026-01',
	])
})

test('axis maxima are round numbers at or above the data', () => {
	expect(niceMax(0)).toBe(1)
	expect(niceMax(3)).toBe(5)
	expect(niceMax(7)).toBe(10)
	expect(niceMax(12)).toBe(20)
	expect(niceMax(100)).toBe(100)
	expect(ticks(10, 2)).toEqual([0, 5, 10])
	expect([1, 2, 5, 10, 20, 100].map((max) => ticks(max, tickCount(max)))).toEqual([
		[0, 1],
		[0, 1, 2],
		[0, 1, 2, 3, 4, 5],
		[0, 2, 4, 6, 8, 10],
		[0, 4, 8, 12, 16, 20],
		[0, 20, 40, 60, 80, 100],
	])
})

test('bars scale to the plot and stand on its floor', () => {
	const bars = layoutBars(
		[
			{ label: 'a', value: 5 },
			{ label: 'b', value: 10 },
			{ label: 'c', value: 0 },
		],
		{ width: 300, height: 100, max: 10 },
	)
	expect(bars.map((bar) => [bar.height, bar.y])).toEqual([
		[50, 50],
		[100, 0],
		[0, 100],
	])
	expect(bars[1]?.x).toBeCloseTo(115)
	expect(bars[1]?.width).toBeCloseTo(70)
	expect(layoutBars([], { width: 10, height: 10, max: 1 })).toEqual([])
})

test('line points sit in the middle of their slot; missing values leave a gap', () => {
	const points = layoutLine(
		[
			{ label: 'T1', value: 50 },
			{ label: 'T2', value: null },
			{ label: 'T3', value: 100 },
		],
		{ width: 300, height: 200, max: 100 },
	)
	expect(points).toEqual([
		{ label: 'T1', value: 50, x: 50, y: 100 },
		{ label: 'T3', value: 100, x: 250, y: 0 },
	])
})
