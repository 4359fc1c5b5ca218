import { Box, Button, Center } from '@mantine/core';
import { messages } from '@pauta/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Component } from 'react';
import { StateMessage } from '../components/StateMessage';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** In place of a whole screen (no app shell around it): centred in the window. */
  fullScreen?: boolean;
}

/**
 * Every screen arrives as its own chunk: when one cannot be loaded (offline, or a tab opened
 * before a new version was deployed) or fails while rendering, the person sees what happened
 * and a way out instead of a blank page. Keyed by the view, so navigating away resets it.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const message = (
      <StateMessage
        icon={IconAlertTriangle}
        title={messages.errors.boundaryTitle}
        description={messages.errors.boundary}
        color="red"
        role="alert"
      >
        <Button
          mt="sm"
          variant="light"
          leftSection={<IconRefresh size={18} aria-hidden />}
          onClick={() => window.location.reload()}
        >
          {messages.errors.reload}
        </Button>
      </StateMessage>
    );
    if (!this.props.fullScreen) return message;
    return (
      <Center mih="100dvh" p="md">
        <Box maw={520} w="100%">
          {message}
        </Box>
      </Center>
    );
  }
}
