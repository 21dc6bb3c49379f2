'use client';

import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { RadioButton } from 'primereact/radiobutton';
import { SelectButton } from 'primereact/selectbutton';
import { MENU_MODES, MENU_THEMES } from '@/lib/domain/layout/state';
import {
  INPUT_STYLES,
  INPUT_STYLE_LABELS,
  MENU_MODE_LABELS,
  MENU_THEME_LABELS,
  PRESETS,
  SCALES,
  PRIMARY_LABELS,
  PRIMARY_NAMES,
  SURFACE_LABELS,
  SURFACE_NAMES,
  effectiveSurface,
  primarySwatch,
  surfaceSwatch,
  type Preset,
} from '@/lib/domain/theme/settings';
import { SideDrawer } from './SideDrawer';
import { useTheme } from './ThemeProvider';

const SCHEMES = [
  { label: 'Светлая', value: 'light' },
  { label: 'Тёмная', value: 'dark' },
];

const FIELD_STYLES = INPUT_STYLES.map((v) => ({ label: INPUT_STYLE_LABELS[v], value: v }));

/**
 * «Настройки»: colours, preset, scheme, scale, field style, ripple, menu type and menu theme. Every choice applies at once and is
 * remembered (cookie + localStorage). `simple` (auth pages) leaves out the menu sections.
 */
export function SettingsPanel({ visible, onHide, simple = false }: { visible: boolean; onHide: () => void; simple?: boolean }) {
  const { settings, update } = useTheme();
  const shownSurface = effectiveSurface(settings);

  return (
    <SideDrawer visible={visible} onHide={onHide} title="Настройки" position="right" className="layout-config">
      <section className="config-section" aria-labelledby="cfg-primary">
        <h3 id="cfg-primary">Основной цвет</h3>
        <div className="config-swatches">
          {PRIMARY_NAMES.map((name) => (
            <button
              key={name}
              type="button"
              className={`config-swatch${settings.primary === name ? ' selected' : ''}`}
              style={{ background: primarySwatch(name) }}
              aria-label={`Основной цвет: ${PRIMARY_LABELS[name]}`}
              aria-pressed={settings.primary === name}
              title={PRIMARY_LABELS[name]}
              data-value={name}
              onClick={() => update({ primary: name })}
            />
          ))}
        </div>
      </section>
      <section className="config-section" aria-labelledby="cfg-surface">
        <h3 id="cfg-surface">Цвет поверхности</h3>
        <div className="config-swatches">
          {SURFACE_NAMES.map((name) => (
            <button
              key={name}
              type="button"
              className={`config-swatch${shownSurface === name ? ' selected' : ''}`}
              style={{ background: surfaceSwatch(name) }}
              aria-label={`Цвет поверхности: ${SURFACE_LABELS[name]}`}
              aria-pressed={settings.surface === name}
              title={SURFACE_LABELS[name]}
              data-value={name}
              onClick={() => update({ surface: name })}
            />
          ))}
        </div>
      </section>
      <section className="config-section" aria-labelledby="cfg-preset">
        <h3 id="cfg-preset">Пресет</h3>
        <SelectButton
          value={settings.preset}
          options={[...PRESETS]}
          allowEmpty={false}
          aria-labelledby="cfg-preset"
          onChange={(e) => {
            if (e.value) update({ preset: e.value as Preset });
          }}
        />
      </section>
      <section className="config-section" aria-labelledby="cfg-scheme">
        <h3 id="cfg-scheme">Цветовая схема</h3>
        <SelectButton
          value={settings.darkTheme ? 'dark' : 'light'}
          options={SCHEMES}
          allowEmpty={false}
          aria-labelledby="cfg-scheme"
          onChange={(e) => {
            if (e.value) update({ darkTheme: e.value === 'dark' });
          }}
        />
      </section>
      <section className="config-section" aria-labelledby="cfg-scale">
        <h3 id="cfg-scale">Масштаб</h3>
        <div className="config-scale">
          <Button
            type="button"
            icon="pi pi-minus"
            rounded
            text
            aria-label="Уменьшить масштаб"
            disabled={settings.scale === SCALES[0]}
            onClick={() => update({ scale: settings.scale - 1 })}
          />
          <span className="config-scale-dots" role="img" aria-label={`Масштаб ${settings.scale} пикселей`}>
            {SCALES.map((v) => (
              <i key={v} className={`pi pi-circle-fill${v === settings.scale ? ' selected' : ''}`} aria-hidden="true" />
            ))}
          </span>
          <Button
            type="button"
            icon="pi pi-plus"
            rounded
            text
            aria-label="Увеличить масштаб"
            disabled={settings.scale === SCALES[SCALES.length - 1]}
            onClick={() => update({ scale: settings.scale + 1 })}
          />
        </div>
      </section>
      <section className="config-section" aria-labelledby="cfg-input">
        <h3 id="cfg-input">Поля ввода</h3>
        <SelectButton
          value={settings.inputStyle}
          options={FIELD_STYLES}
          allowEmpty={false}
          aria-labelledby="cfg-input"
          onChange={(e) => {
            if (e.value) update({ inputStyle: e.value as (typeof INPUT_STYLES)[number] });
          }}
        />
      </section>
      <section className="config-section config-ripple">
        <Checkbox inputId="cfg-ripple" checked={settings.ripple} onChange={(e) => update({ ripple: !!e.checked })} />
        <label htmlFor="cfg-ripple">Эффект нажатия</label>
      </section>
      {!simple && (
        <>
          <RadioGroup
            id="cfg-menu-mode"
            title="Тип меню"
            name="menuMode"
            options={MENU_MODES.map((m) => ({ value: m, label: MENU_MODE_LABELS[m] }))}
            value={settings.menuMode}
            onChange={(menuMode) => update({ menuMode })}
          />
          <RadioGroup
            id="cfg-menu-theme"
            title="Тема меню"
            name="menuTheme"
            options={MENU_THEMES.map((m) => ({ value: m, label: MENU_THEME_LABELS[m] }))}
            value={settings.menuTheme}
            onChange={(menuTheme) => update({ menuTheme })}
          />
        </>
      )}
    </SideDrawer>
  );
}

function RadioGroup<T extends string>({
  id,
  title,
  name,
  options,
  value,
  onChange,
}: {
  id: string;
  title: string;
  name: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <fieldset className="config-section config-radios" aria-labelledby={id}>
      <legend id={id}>
        <h3>{title}</h3>
      </legend>
      {options.map((o) => (
        <div key={o.value} className="config-radio">
          <RadioButton inputId={`${name}-${o.value}`} name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
          <label htmlFor={`${name}-${o.value}`}>{o.label}</label>
        </div>
      ))}
    </fieldset>
  );
}
