import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router';
import { RealtimeBridge } from './app/realtime-bridge';
import { Dialogs } from './components/ui/dialogs';
import { Toaster } from './components/ui/toaster';
import { PaymentProvider } from './features/pricing/components/paypal-provider';
import { queryClient } from './lib/query-client';
import { refetchSessionOnFocus, useSession } from './stores/session-store';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void useSession.getState().refresh();
refetchSessionOnFocus();

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <PaymentProvider>
        <AppRouter />
        <RealtimeBridge />
        <Dialogs />
        <Toaster />
      </PaymentProvider>
    </QueryClientProvider>
  </StrictMode>,
);
