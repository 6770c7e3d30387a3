import { SMS_GATEWAY_EVENTS, SMS_GATEWAY_PING_INTERVAL_S } from '@app/shared';
import { Alert } from '../../../ui/index.ts';
import { Code, CopyField, GuideSteps, Ui } from './guide-parts.tsx';

/** Placeholders of the registration command: the trader puts in what the app's «Главная» tab shows. */
export const SMS_GATEWAY_PLACEHOLDERS = { address: 'АДРЕС', user: 'ЛОГИН', password: 'ПАРОЛЬ' } as const;

/**
 * The command that registers `url` for one event through the app's local server (POST /webhooks with Basic
 * auth, capcom6/android-sms-gateway WebhooksRoutes). The JSON is in double quotes with escaped inner quotes,
 * which a macOS or Linux shell and Windows' cmd all read the same way.
 */
export function smsGatewayCurl(url: string, event: string): string {
  const { address, user, password } = SMS_GATEWAY_PLACEHOLDERS;
  const body = JSON.stringify({ url, event }).replaceAll('"', '\\"');
  return `curl -u "${user}:${password}" -H "Content-Type: application/json" -d "${body}" http://${address}/webhooks`;
}

/**
 * SMS Gateway for Android (capcom6/android-sms-gateway): it has a Russian translation, so the guide uses its
 * Russian names. It signs every request with its «Ключ подписи» (our secret), sends a ping every
 * SMS_GATEWAY_PING_INTERVAL_S with the battery, and takes its webhooks only through its API: the local
 * server, from a computer on the same Wi-Fi. It accepts only https URLs (plain http only for 127.0.0.1).
 */
export function SmsGatewayGuide({ url }: { url: string }) {
  return (
    <div className="flex flex-col gap-4">
      {url.startsWith('https://') ? null : (
        <Alert tone="warning" role="alert" title="Приложение не примет этот URL">
          SMS Gateway for Android регистрирует только адреса, которые начинаются с <Code>https://</Code>.
          Попросите администратора сервиса открыть его по защищённому соединению.
        </Alert>
      )}
      <GuideSteps
        label="Как настроить SMS Gateway for Android"
        steps={[
          <p key="install">
            Установите SMS Gateway for Android из Google Play или со страницы{' '}
            <Code>github.com/capcom6/android-sms-gateway/releases</Code> на телефон, куда приходят SMS банка,
            и разрешите приложению доступ к SMS.
          </p>,
          <p key="start">
            На вкладке <Ui>Главная</Ui> включите <Ui>Локальный сервер</Ui> и нажмите большую кнопку внизу
            экрана, чтобы она показала <Ui>Онлайн</Ui>. Запишите <Ui>Локальный адрес</Ui>,{' '}
            <Ui>Имя пользователя</Ui> и <Ui>Пароль</Ui> с этого экрана — они понадобятся в шаге 5.
          </p>,
          <p key="key">
            На вкладке <Ui>НАСТРОЙКИ</Ui> откройте <Ui>Вебхуки…</Ui>, нажмите <Ui>Ключ подписи</Ui>, замените
            значение секретом из блока выше и сохраните.
          </p>,
          <p key="ping">
            Там же, на вкладке <Ui>НАСТРОЙКИ</Ui>, в разделе <Ui>Ping</Ui> нажмите <Ui>Интервал (секунды)</Ui>{' '}
            и впишите <Code>{SMS_GATEWAY_PING_INTERVAL_S}</Code>: раз в минуту телефон будет сообщать, что он
            на связи, и заряд батареи.
          </p>,
          <div key="register" className="flex flex-col gap-2">
            <p>
              Зарегистрируйте URL для входящих SMS и для пинга. На компьютере в той же сети Wi-Fi, что и
              телефон, выполните обе команды в терминале (macOS, Linux) или в командной строке Windows (cmd),
              заменив <Code>{SMS_GATEWAY_PLACEHOLDERS.address}</Code>,{' '}
              <Code>{SMS_GATEWAY_PLACEHOLDERS.user}</Code> и <Code>{SMS_GATEWAY_PLACEHOLDERS.password}</Code>{' '}
              на <Ui>Локальный адрес</Ui>, <Ui>Имя пользователя</Ui> и <Ui>Пароль</Ui> из шага 2. Каждая
              команда отвечает описанием вебхука с его <Code>id</Code>.
            </p>
            {SMS_GATEWAY_EVENTS.map((event) => (
              <CopyField
                key={event}
                label={event === 'system:ping' ? 'Команда для пинга' : 'Команда для входящих SMS'}
                value={smsGatewayCurl(url, event)}
                testId={`sms-gateway-curl-${event.replace(':', '-')}`}
              />
            ))}
          </div>,
          <p key="check">
            Проверка: на вкладке <Ui>НАСТРОЙКИ</Ui> в <Ui>Вебхуки…</Ui> → <Ui>Зарегистрированные вебхуки</Ui>{' '}
            должно быть два вебхука. Оставьте приложение в состоянии <Ui>Онлайн</Ui>: в течение минуты придёт
            первый пинг, и статус внизу этого окна сменится на «Терминал подключен».
          </p>,
          <p key="battery">
            Чтобы система не останавливала приложение, на вкладке <Ui>НАСТРОЙКИ</Ui> откройте{' '}
            <Ui>Оптимизация батареи</Ui> и разрешите работу в фоне.
          </p>,
        ]}
      />
    </div>
  );
}
