//go:build !race

package status

// raceEnabled: the tests run under the race detector.
const raceEnabled = false
