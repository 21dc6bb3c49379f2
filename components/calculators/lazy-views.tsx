'use client';

import dynamic from 'next/dynamic';

// Views of /calculators/… that only some addresses show: the rate tables (`rates`) and the own calculator's
// editor (`custom/new`, `custom/{id}/edit`). Their code comes with those addresses (rendered on the server as
// before), not with the catalog and every calculator.
export const RatesAdmin = dynamic(() => import('./RatesAdmin').then((m) => m.RatesAdmin));
export const CustomCalculatorEditor = dynamic(() => import('./CustomCalculatorEditor').then((m) => m.CustomCalculatorEditor));
