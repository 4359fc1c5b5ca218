import type { RenderOptions } from '@testing-library/react';
import { render as testingLibraryRender } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { AppProviders } from '../app/AppProviders';
import { DatesSettings } from '../app/DatesSettings';

function TestProviders({ children }: { children: ReactNode }) {
  return (
    <AppProviders env="test">
      <DatesSettings>{children}</DatesSettings>
    </AppProviders>
  );
}

/** Testing Library's render inside the app's providers (Mantine theme, dates, notifications). */
export function render(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return testingLibraryRender(ui, { wrapper: TestProviders, ...options });
}

export * from '@testing-library/react';
