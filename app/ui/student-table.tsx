import type { User } from '~/features/users/schema'

export function StudentTable({ caption, students, total }: { caption: string; students: User[]; total: number }) {
	if (!students.length) return <p className="text-slate-700">No students yet.</p>
	return (
		<div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
			<table className="w-full text-left text-sm">
				<caption className="px-4 py-3 text-left font-semibold">
					{caption} ({total})
				</caption>
				<thead className="bg-slate-100 text-slate-700">
					<tr>
						<th scope="col" className="px-4 py-2">
							Name
						</th>
						<th scope="col" className="px-4 py-2">
							Email
						</th>
					</tr>
				</thead>
				<tbody>
					{students.map((student) => (
						<tr key={student.id} className="border-t border-slate-200">
							<td className="px-4 py-2">{student.name}</td>
							<td className="px-4 py-2">{student.email}</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}
