import CLIKit
import Foundation

exit(MetroTimer.main(Context.live()))
