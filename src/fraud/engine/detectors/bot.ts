/**
 * @module
 * bot: automation and SIM-farm indicators: emulated or rooted devices, datacenter IPs, and many SIMs or
 * phone numbers cycling through one device or IMEI (SIM farm, SIM box).
 */
import { gradedWeight } from '../grading.ts'
import type { Detector, Signal } from '../../model/scoring.ts'

/**
 * Raises device, network and SIM-farm signals.
 *
 * @example
 * bot({ request, features: { ...features, device_emulator: true }, policy })
 * // [{ detector: 'bot', code: 'EMULATED_DEVICE', weight: 0.7, message: '...' }]
 */
export const bot: Detector = ({ features, policy }) => {
  const p = policy.detectors.bot
  const w = p.weights
  const linkMinutes = policy.detectors.links.window_minutes
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
  if (features.device_distinct_sims >= p.sims_per_device) {
    signals.push({
      detector: 'bot',
      code: 'MANY_SIMS_PER_DEVICE',
      weight: gradedWeight(w.device_sims, features.device_distinct_sims, p.sims_per_device),
      message: `${features.device_distinct_sims} distinct SIM cards (ICCID) on this device within ${linkMinutes} minutes (SIM farm or SIM box)`,
    })
  }
  if (features.device_distinct_phones >= p.phones_per_device) {
    signals.push({
      detector: 'bot',
      code: 'MANY_PHONES_PER_DEVICE',
      weight: gradedWeight(w.device_phones, features.device_distinct_phones, p.phones_per_device),
      message: `${features.device_distinct_phones} distinct phone numbers on this device within ${linkMinutes} minutes (SIM farm or SIM box)`,
    })
  }
  return signals
}
