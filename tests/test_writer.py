"""The writer (engine/writer.py) and the storage handed to it (game/data/handed.py): jobs run in the
order handed over, beside the caller; a newer save of a blob takes the place of a queued older
one; a failure is said in one line and the next job runs; until a write has run, the storage
answers as it will be. The writer's thread is held on an Event, never timed."""

from __future__ import annotations

import threading

import pytest

from engine.tasks import NEXT_FRAME
from engine.writer import Writer, beside
from game.data.handed import Handed
from game.data.storage import FolderStorage, StorageError

LIVENESS = 60.0  # seconds the writer's thread may take to start a job: a guard, not a verdict


def held(writer: Writer) -> tuple[threading.Event, threading.Event]:
    """A job that holds the writer's thread until let go: (running, let_go)."""
    running, let_go = threading.Event(), threading.Event()

    def hold() -> None:
        running.set()
        let_go.wait()

    writer.hand(hold)
    assert running.wait(LIVENESS)
    return running, let_go


def refused(message: str) -> None:
    raise StorageError(message)


def test_jobs_run_in_the_order_handed_over_and_the_caller_never_waits():
    writer, done = Writer.threaded(), []
    _, let_go = held(writer)
    for n in range(5):
        writer.hand(lambda n=n: done.append(n), key=("folder", f"blob{n % 2}"))
    assert done == [] and not writer.idle  # handed over; nothing ran while the thread is held
    let_go.set()
    assert writer.wait(LIVENESS) and done == [0, 1, 2, 3, 4] and writer.idle


def test_a_newer_save_takes_the_place_of_a_queued_older_one_and_keeps_its_turn():
    writer, done = Writer.threaded(), []
    _, let_go = held(writer)
    first = writer.hand(lambda: done.append("game v1"), key="game", replaces=True)
    writer.hand(lambda: done.append("settings"), key="settings", replaces=True)
    again = writer.hand(lambda: done.append("game v2"), key="game", replaces=True)
    writer.hand(lambda: done.append("delete game"), key="game")  # not a save: after the save, in turn
    writer.hand(lambda: done.append("game v3"), key="game", replaces=True)  # a delete stands between
    let_go.set()
    writer.wait(LIVENESS)
    assert again is first and done == ["game v2", "settings", "delete game", "game v3"]
    assert (writer.handed, writer.ran) == (6, 5)


def test_a_failed_write_is_said_in_one_line_and_the_next_job_runs():
    told = []
    writer = Writer.threaded(report=lambda job: told.append(str(job.error)))
    failed = writer.hand(lambda: refused("cannot save game: disk full"))
    after = writer.hand(lambda: "written")
    writer.wait(LIVENESS)
    assert told == ["cannot save game: disk full"] and isinstance(failed.error, StorageError)
    assert after.result == "written"


def test_a_task_waits_for_its_read_a_frame_at_a_time_and_gets_its_error_raised():
    writer = Writer.threaded()
    _, let_go = held(writer)
    task = beside(writer, lambda: 42)
    assert next(task) is NEXT_FRAME  # the thread is held: the task waits, the frame goes on
    let_go.set()
    writer.wait(LIVENESS)
    with pytest.raises(StopIteration) as stop:
        next(task)
    assert stop.value.value == 42
    failing = beside(Writer.inline(), lambda: refused("cannot read"))
    with pytest.raises(StorageError):
        next(failing)


def test_until_a_write_has_run_the_storage_answers_as_it_will_be(tmp_path):
    writer = Writer.threaded()
    disk = FolderStorage(tmp_path)
    disk.save("game", b"old")
    storage, elsewhere = Handed(disk, writer), Handed(FolderStorage(tmp_path), writer)  # the title's own
    _, let_go = held(writer)
    storage.save("game", b"new")
    storage.save("settings", b"{}")
    assert disk.load("game") == b"old"  # on disk: not yet
    assert elsewhere.load("game") == b"new" and elsewhere.names() == ["game", "settings"]
    storage.delete("game")
    assert elsewhere.load("game") is None and elsewhere.names() == ["settings"]
    let_go.set()
    writer.wait(LIVENESS)
    assert disk.load("game") is None and disk.load("settings") == b"{}" and storage.failure == ""


def test_a_write_refused_at_once_is_said_where_it_is_made(tmp_path):
    storage = Handed(FolderStorage(tmp_path), Writer.inline())
    with pytest.raises(StorageError):
        storage.save("../evil", b"")
    with pytest.raises(StorageError):
        storage.save("game", bytes(300 * 1024))
