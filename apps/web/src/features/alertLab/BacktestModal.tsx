import { Modal } from '../../ui/Modal.tsx';
import { alertLabText as text } from './alertLabText.ts';
import { BacktestPanel } from './BacktestPanel.tsx';
import { type BacktestAsk, backtestDialog } from './backtestDialog.ts';

/** The backtest panel in its own window over whatever asked for it. */
export function BacktestModal({ ask }: { ask: BacktestAsk }) {
  return (
    <Modal
      open
      title={text.backtestTitle(ask.title)}
      onClose={backtestDialog.close}
      className="modal-wide lab-backtest-modal"
      testId="backtest"
    >
      <BacktestPanel rule={ask.rule} />
    </Modal>
  );
}
