'use client';

import Link from 'next/link';
import { Button } from 'primereact/button';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLoad } from '@/lib/client/use-load';
import type { PublicExercise } from '@/lib/domain/education/types';
import { educationApi } from './api';
import { ExerciseCard, type ExerciseState } from './ExerciseCard';
import s from './education.module.css';

/** How often an open lesson tells the server it is on screen (time spent). */
const HEARTBEAT_MS = 60_000;

/**
 * Below a lesson's text: records the lesson opened, a heartbeat while it is on screen, «Урок прочитан» (the button
 * or the end of the text reached), and the exercises with «Проверить».
 */
export function LessonWork(props: {
  courseId: string;
  lessonId: string;
  exercises: PublicExercise[];
  solutions: Record<string, ReactNode>;
}) {
  const { courseId, lessonId } = props;
  const opened = useLoad((signal) => educationApi.lesson(courseId, lessonId, signal), [courseId, lessonId]);
  // What changed since the lesson was opened (answers, «Урок прочитан») over what the opening answered.
  const [changed, setChanged] = useState<Record<string, ExerciseState>>({});
  const [flags, setFlags] = useState<{ read?: boolean; completed?: boolean; courseDone?: boolean }>({});
  const endRef = useRef<HTMLDivElement>(null);
  const data = opened.data;
  const states: Record<string, ExerciseState> = {
    ...Object.fromEntries((data?.exercises ?? []).map((e) => [e.id, { attempts: e.attempts, solved: e.solved }])),
    ...changed,
  };
  const read = flags.read ?? data?.read ?? false;
  const completed = flags.completed ?? data?.completed ?? false;
  const courseDone = flags.courseDone ?? data?.courseCompleted ?? false;

  const markRead = useCallback(async () => {
    const r = await educationApi.heartbeat(courseId, lessonId, true);
    setFlags({ read: r.read, completed: r.completed, courseDone: r.courseCompleted });
  }, [courseId, lessonId]);

  // Time spent: a sign every minute while the tab is visible.
  useEffect(() => {
    if (!data) return;
    const t = setInterval(() => {
      if (document.visibilityState === 'visible') void educationApi.heartbeat(courseId, lessonId).catch(() => undefined);
    }, HEARTBEAT_MS);
    return () => clearInterval(t);
  }, [data, courseId, lessonId]);

  // Reaching the end of the text marks the lesson read.
  useEffect(() => {
    const el = endRef.current;
    if (!data || read || !el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        void markRead().catch(() => undefined);
      }
    });
    io.observe(el);
    return () => io.disconnect();
  }, [data, read, markRead]);

  const total = props.exercises.length;
  const solved = props.exercises.filter((e) => states[e.id]?.solved).length;
  return (
    <>
      <div ref={endRef} aria-hidden="true" />
      <div className={s.status} role="status" aria-live="polite">
        {completed ? (
          <span className={s.done}>
            <i className="pi pi-check-circle" aria-hidden="true" /> Урок пройден
          </span>
        ) : read ? (
          <span>Урок прочитан{total > 0 && ` · решено упражнений: ${solved} из ${total}`}</span>
        ) : (
          <Button type="button" label="Урок прочитан" icon="pi pi-book" size="small" outlined disabled={!data} onClick={() => void markRead()} />
        )}
        {courseDone && (
          <Link href={`/education/${courseId}/certificate`} className="p-button p-component p-button-sm">
            <i className="pi pi-verified p-button-icon p-button-icon-left" aria-hidden="true" />
            <span className="p-button-label">Курс пройден — сертификат</span>
          </Link>
        )}
      </div>
      {opened.error && <p role="alert">{opened.error}</p>}
      {total > 0 && (
        <div className={s.exercises}>
          <h2>Упражнения</h2>
          {props.exercises.map((ex, i) => (
            <ExerciseCard
              key={ex.id}
              courseId={courseId}
              lessonId={lessonId}
              number={i + 1}
              exercise={ex}
              state={states[ex.id] ?? { attempts: 0, solved: false }}
              solution={props.solutions[ex.id]}
              onAnswered={(r) => {
                setChanged((st) => ({ ...st, [ex.id]: { attempts: r.attempts, solved: r.solved } }));
                setFlags((f) => ({ ...f, completed: r.completed, courseDone: r.courseCompleted }));
              }}
            />
          ))}
        </div>
      )}
    </>
  );
}
