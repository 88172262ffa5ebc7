//go:build unix && !linux

package atomicfile

import "os"

// openBeneath walks rel component by component: only Linux has openat2.
func openBeneath(root, rel string) (*os.File, error) { return openBeneathWalk(root, rel) }
