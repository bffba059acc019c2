import { POPOUT_WIDGETS, type PopoutWidgetId, type WidgetId } from '@tapeline/core';
import { IconDrag, IconMaximize, IconPopout, IconRestore } from '../../ui/icons.tsx';
import type { WidgetDefinition, WidgetProps } from '../../ui/widgetContract.ts';
import '../../ui/widget.css';
import { dashboardText as text } from './dashboardText.ts';

export const DRAG_HANDLE_CLASS = 'widget-drag';

function isPopoutWidget(id: WidgetId): id is PopoutWidgetId {
  return (POPOUT_WIDGETS as readonly string[]).includes(id);
}

interface FrameProps {
  definition: WidgetDefinition;
  props: WidgetProps;
  onMaximize(): void;
  onPopout(widget: PopoutWidgetId): void;
  poppedOut: boolean;
}

/** The chrome around every widget: drag handle, title, its own tools, pop-out and maximise. */
export function WidgetFrame({ definition, props, onMaximize, onPopout, poppedOut }: FrameProps) {
  const { Component, Toolbar } = definition;
  const title = definition.title(props);
  const maximized = props.mode === 'maximized';
  const id = props.id;
  return (
    <section className="widget" aria-label={title} data-widget={id}>
      <header className="widget-bar">
        {!props.layout.locked && props.mode === 'grid' && (
          <span className={DRAG_HANDLE_CLASS} title={text.dragToMove} aria-hidden="true">
            <IconDrag />
          </span>
        )}
        <h2 className="widget-title">{title}</h2>
        <div className="widget-tools">
          {Toolbar && <Toolbar {...props} />}
          {definition.popout && isPopoutWidget(id) && (
            <button
              type="button"
              className="tool-btn"
              aria-label={text.popOut(title)}
              title={text.popOutTitle}
              onClick={() => onPopout(id)}
            >
              <IconPopout />
            </button>
          )}
          <button
            type="button"
            className="tool-btn"
            aria-label={maximized ? text.restore(title) : text.maximise(title)}
            title={maximized ? text.restoreTitle : text.maximiseTitle}
            aria-pressed={maximized}
            onClick={onMaximize}
          >
            {maximized ? <IconRestore /> : <IconMaximize />}
          </button>
        </div>
      </header>
      <div className="widget-body">
        {poppedOut ? <p className="widget-popped muted">{text.poppedOut}</p> : <Component {...props} />}
      </div>
    </section>
  );
}
