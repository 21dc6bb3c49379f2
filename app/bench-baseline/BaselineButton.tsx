'use client';

import { Button } from 'primereact/button';

export function BaselineButton() {
  return <Button label="Кнопка" />;
}
