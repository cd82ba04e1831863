import Testing
import PanelCore
