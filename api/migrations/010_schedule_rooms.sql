-- Every class session gets its own live classroom, so a schedule links straight into its room.
-- Sessions planned before rooms existed get one now.
WITH missing AS (
	SELECT id, course_id, tutor_id, title, gen_random_uuid() AS room_id
	FROM schedules
	WHERE room_id IS NULL
), opened AS (
	INSERT INTO rooms (id, course_id, owner_id, kind, title)
	SELECT room_id, course_id, tutor_id, 'classroom', title FROM missing
	RETURNING id
)
UPDATE schedules SET room_id = missing.room_id FROM missing WHERE schedules.id = missing.id;

ALTER TABLE schedules
	ADD CONSTRAINT schedules_room_id_fkey FOREIGN KEY (room_id) REFERENCES rooms (id) ON DELETE SET NULL;
