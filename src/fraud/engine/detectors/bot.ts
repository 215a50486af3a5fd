/**
 * @module
 * bot: automation and SIM-farm indicators: emulated or rooted devices, datacenter IPs.
 */
import type { Detector, Signal } from '../types'

/**
 * Raises device and network automation signals.
 *
 * @example
 * bot({ request, features: { ...features, device_emulator: true }, policy })
 * // [{ detector: 'bot', code: 'EMULATED_DEVICE', weight: 0.7, message: '...' }]
 */
export const bot: Detector = ({ features, policy }) => {
  const w = policy.detectors.bot.weights
  const signals: Signal[] = []
  if (features.device_emulator) {
    signals.push({ detector: 'bot', code: 'EMULATED_DEVICE', weight: w.emulator, message: 'device is emulated (SIM-farm indicator)' })
  }
  if (features.device_rooted) {
    signals.push({ detector: 'bot', code: 'ROOTED_DEVICE', weight: w.rooted, message: 'device is rooted or jailbroken' })
  }
  if (features.ip_datacenter) {
    signals.push({ detector: 'bot', code: 'DATACENTER_IP', weight: w.datacenter_ip, message: 'IP address belongs to a datacenter or cloud provider' })
  }
  return signals
}
