// The process-wide stop (stop.hpp).
#include "polyreversi/stop.hpp"

namespace polyreversi {

int process_stop_flag = 0;

}  // namespace polyreversi
