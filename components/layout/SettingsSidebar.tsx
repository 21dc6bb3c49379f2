'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';

/** The settings panel's code loads on first open (it is not needed for the first paint). */
const SettingsPanel = dynamic(() => import('./SettingsPanel').then((m) => m.SettingsPanel), { ssr: false });

/**
 * «Настройки» (SettingsPanel.tsx): colours, preset, scheme, menu type and menu theme. Mounted from the
 * first time it is opened; `simple` (auth pages) leaves out the menu sections.
 */
export function SettingsSidebar({ visible, onHide, simple = false }: { visible: boolean; onHide: () => void; simple?: boolean }) {
  const [wanted, setWanted] = useState(visible);
  if (visible && !wanted) setWanted(true);
  return wanted ? <SettingsPanel visible={visible} onHide={onHide} simple={simple} /> : null;
}

/** A floating cog for pages without the shell (auth pages): opens the simple settings panel. */
export function SettingsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="layout-config-button" aria-label="Настройки" onClick={() => setOpen(true)}>
        <i className="pi pi-cog" aria-hidden="true" />
      </button>
      <SettingsSidebar visible={open} onHide={() => setOpen(false)} simple />
    </>
  );
}
