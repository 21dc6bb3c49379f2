'use client';

import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import { useId, useState, type ReactNode } from 'react';
import { userMessage } from '@/lib/client/messages';
import type { PublicExercise } from '@/lib/domain/education/types';
import { educationApi } from './api';
import s from './education.module.css';

export interface ExerciseState {
  attempts: number;
  solved: boolean;
}

type Verdict = { correct: boolean; message: string };

const TASK_HINT: Record<string, string> = {
  'spec-cost': 'Сделайте это в продукте, затем введите полную себестоимость и нажмите «Проверить».',
  'calculator-run': 'Посчитайте в калькуляторе, затем нажмите «Проверить».',
  'company-valid': 'Заполните карточку в «Компаниях», затем нажмите «Проверить».',
};

/** One exercise: the question, the answer form, «Проверить» (graded on the server), then the explanation. */
export function ExerciseCard(props: {
  courseId: string;
  lessonId: string;
  number: number;
  exercise: PublicExercise;
  state: ExerciseState;
  solution: ReactNode;
  onAnswered: (r: { solved: boolean; attempts: number; completed: boolean; courseCompleted: boolean }) => void;
}) {
  const { exercise: ex, state } = props;
  const id = useId();
  const [chosen, setChosen] = useState<number[]>([]);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [verdict, setVerdict] = useState<Verdict | null>(null);

  const needsText = ex.kind === 'number' || (ex.kind === 'task' && ex.needsAnswer);
  const canCheck = !busy && (ex.kind === 'choice' ? chosen.length > 0 : needsText ? text.trim() !== '' : true);

  const check = async () => {
    setBusy(true);
    try {
      const answer = ex.kind === 'choice' ? chosen : needsText ? text : undefined;
      const r = await educationApi.answer({ courseId: props.courseId, lessonId: props.lessonId, exerciseId: ex.id, answer });
      setVerdict({ correct: r.correct, message: r.message });
      props.onAnswered({ solved: r.solved, attempts: r.attempts, completed: r.completed, courseCompleted: r.courseCompleted });
    } catch (e) {
      setVerdict({ correct: false, message: userMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  const toggle = (i: number) => setChosen((c) => (ex.kind === 'choice' && !ex.multiple ? [i] : c.includes(i) ? c.filter((x) => x !== i) : [...c, i].sort()));

  return (
    <section className={`${s.exercise} ${state.solved ? s.exerciseSolved : ''}`} aria-labelledby={`${id}-q`} data-exercise={ex.id}>
      <p className={s.question} id={`${id}-q`}>
        {props.number}. {ex.question}
        {state.solved && (
          <span className={s.done}>
            {' '}
            <i className="pi pi-check-circle" aria-hidden="true" /> Решено
          </span>
        )}
      </p>
      {ex.kind === 'choice' && (
        <fieldset>
          <legend className={s.meta}>{ex.multiple ? 'Отметьте все верные варианты' : 'Выберите один вариант'}</legend>
          {ex.options.map((o, i) => (
            <div key={i} className={s.option}>
              {ex.multiple ? (
                <Checkbox inputId={`${id}-${i}`} checked={chosen.includes(i)} onChange={() => toggle(i)} />
              ) : (
                <RadioButton inputId={`${id}-${i}`} name={`${id}-r`} checked={chosen.includes(i)} onChange={() => toggle(i)} />
              )}
              <label htmlFor={`${id}-${i}`}>{o}</label>
            </div>
          ))}
        </fieldset>
      )}
      {ex.kind === 'task' && <p className={s.meta}>{TASK_HINT[ex.task]}</p>}
      <div className={s.numberRow}>
        {needsText && (
          <>
            <InputText
              aria-label="Ответ"
              inputMode="decimal"
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && canCheck && void check()}
              placeholder="например, 2 200,00"
            />
            {ex.kind === 'number' && ex.unit && <span>{ex.unit}</span>}
            {ex.kind === 'task' && <span>₽</span>}
          </>
        )}
        <Button type="button" label="Проверить" icon="pi pi-check" size="small" loading={busy} disabled={!canCheck} onClick={() => void check()} />
        {state.attempts > 0 && <span className={s.meta}>Попыток: {state.attempts}</span>}
      </div>
      {verdict && (
        <p className={`${s.verdict} ${verdict.correct ? s.right : s.wrong}`} role="status">
          {verdict.message}
        </p>
      )}
      {(verdict || state.attempts > 0) && props.solution && (
        <div className={s.solution}>
          <strong>{ex.kind === 'choice' ? 'Пояснение' : 'Решение'}</strong>
          {props.solution}
        </div>
      )}
    </section>
  );
}
