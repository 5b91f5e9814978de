// A school's busiest hour as a load model (issue 41): who is active, what each of them does, and how
// long they think between pages. The runner (bench/load.mjs) keeps a given number of people active
// at once, shared out by `mix`; each signs in once and then repeats their role's journey
// (bench/load/journeys.mjs) until the step ends.
//
// The default is Monday at 8:00 in a school of 5,000 pupils (the data-scale school at ×1): within
// ten minutes 2,000 pupils sign in, 600 of them start a timed test, 600 are in 20 live rooms of 30,
// about 300 teachers take attendance, grade and post, the office saves scores and reads analytics,
// and visitors look at the catalogue and buy a course. The counts below are that hour's active
// people; their ratios are the mix at any number of active users.
//
// Every figure is a parameter: BENCH_LOAD_MODEL=<file.json> overrides any of them (same keys).
import { readFileSync } from 'node:fs'

export const MONDAY_MORNING = {
	name: 'Monday 8:00, a school of 5,000 pupils',
	/** Active people at the busiest moment of the hour, by what they do. */
	activeAtPeak: {
		// Signs in, reads the dashboard, a course, the tasks, submits a task with a file, announcements.
		studentBrowsing: 800,
		// Signs in and takes the timed test: answers saved every `testSaveEverySeconds`, then submitted.
		studentTest: 600,
		// In a live room (20 rooms of 30): whiteboard strokes and chat over the room's socket.
		studentRoom: 600,
		// Dashboard, a session's attendance, a batch of submissions to grade, an announcement, schedule.
		teacher: 300,
		// Score input (a grid saved), analytics, result cards.
		organization: 5,
		// Home, catalogue search, a course page; some sign up and pay with the test card.
		visitor: 100,
	},
	/** Mean seconds between one page and the next (exponential, capped at 4× the mean). */
	thinkSeconds: {
		studentBrowsing: 20,
		studentTest: 10,
		studentRoom: 15,
		teacher: 25,
		organization: 30,
		visitor: 15,
	},
	/** The timed test: an answer saved every 10 s, submitted when the planned time is over. */
	testSaveEverySeconds: 10,
	testMinutes: 15,
	/** The share of visitors who sign up as a pupil and buy the course they looked at. */
	visitorBuys: 0.3,
	/**
	 * Live rooms of `pupilsEach` (600 pupils at the peak: 20 rooms of 30): the room pupils fill one
	 * room after another (`roomSeat`), as many rooms as they need of the school's 60 (made by
	 * bench/load/school.mjs). Each pupil draws a stroke about every `strokeEverySeconds` (0.5 to 1.5
	 * times it) and writes in the chat about every `chatEverySeconds`.
	 */
	rooms: { pupilsEach: 30, chatEverySeconds: 60, strokeEverySeconds: 15 },
	/**
	 * Where people connect from, as the API's per-address login limits see it: 'each' gives every
	 * person an address of their own (pupils at home, or a balancer that passes each device's
	 * address on), sent as X-Forwarded-For to an app trusting one proxy; 'one' sends everyone from
	 * the generator's own address, as a school behind one NAT address would (decision 061).
	 */
	addresses: 'each',
}

/** The model of this run: the default, with what BENCH_LOAD_MODEL's file gives instead. */
export function loadModel(env = process.env) {
	if (!env.BENCH_LOAD_MODEL) return MONDAY_MORNING
	const given = JSON.parse(readFileSync(env.BENCH_LOAD_MODEL, 'utf8'))
	return {
		...MONDAY_MORNING,
		...given,
		activeAtPeak: { ...MONDAY_MORNING.activeAtPeak, ...given.activeAtPeak },
		thinkSeconds: { ...MONDAY_MORNING.thinkSeconds, ...given.thinkSeconds },
		rooms: { ...MONDAY_MORNING.rooms, ...given.rooms },
	}
}

/**
 * `users` active people shared out by the model's mix, largest remainders first, so the parts add
 * up to `users` exactly; a role with any share at the peak gets at least one person once there are
 * as many people as roles. Roles listed in `skip` (not played yet) are left out of the share.
 */
export function shareOut(users, activeAtPeak, skip = []) {
	const roles = Object.entries(activeAtPeak).filter(
		([role, count]) => count > 0 && !skip.includes(role),
	)
	const total = roles.reduce((sum, [, count]) => sum + count, 0)
	const exact = roles.map(([role, count]) => [role, (users * count) / total])
	const parts = Object.fromEntries(exact.map(([role, value]) => [role, Math.floor(value)]))
	if (users >= roles.length) for (const [role] of roles) if (parts[role] === 0) parts[role] = 1
	let left = users - Object.values(parts).reduce((sum, count) => sum + count, 0)
	const byRemainder = exact
		.map(([role, value]) => [role, value - Math.floor(value)])
		.sort((a, b) => b[1] - a[1])
	for (let index = 0; left > 0; index = (index + 1) % byRemainder.length, left--)
		parts[byRemainder[index][0]] += 1
	// Taking back what the "at least one" rule added beyond `users`, from the largest parts.
	while (left < 0) {
		const [largest] = Object.entries(parts).sort((a, b) => b[1] - a[1])[0]
		parts[largest] -= 1
		left += 1
	}
	return parts
}

/** A think time: exponential around `meanSeconds`, capped at four times it, in ms. */
export function thinkMs(meanSeconds, random = Math.random) {
	const seconds = -Math.log(1 - random()) * meanSeconds + 0
	return Math.round(Math.min(seconds, 4 * meanSeconds) * 1000)
}

/** A copy of `items` in a uniformly random order (Fisher–Yates: every order equally likely). */
export function shuffled(items, random = Math.random) {
	const copy = [...items]
	for (let index = copy.length - 1; index > 0; index--) {
		const other = Math.floor(random() * (index + 1))
		;[copy[index], copy[other]] = [copy[other], copy[index]]
	}
	return copy
}

/**
 * Where the room pupil who came `place`-th (from 0) sits: rooms fill `pupilsEach` at a time, in
 * order, each pupil taking the next of that room's class accounts. Past the last room the rooms
 * fill again from the first, sharing accounts.
 *
 * Until decision 078 the pupils were dealt to 20 rooms in turn, whatever their number: rooms of
 * 37 at 3,000 people and 50 at 4,000, where each stroke goes to everyone in its room, so a room's
 * work grew with the square of its size and the generator's with it (4.8 → 10.2 CPU s from 3,000
 * to 4,000 people).
 */
export function roomSeat(place, rooms, pupilsEach) {
	return { room: Math.floor(place / pupilsEach) % rooms, pupil: place % pupilsEach }
}

/** The address of person `index` (from 0) when each has their own: 10.0.0.1, 10.0.0.2, … */
export function personAddress(index) {
	const number = index + 1
	return `10.${(number >> 16) & 255}.${(number >> 8) & 255}.${number & 255}`
}
