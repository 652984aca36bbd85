// Buffers chosen at run time in kernels among what no copy can stand for:
// the kernel's arguments (by a flag and by each thread's parity, with
// arith.select and with an scf.if that yields one or the other, or a view
// of one made in each branch), workgroup buffers taking turns through a
// loop with barriers, private arrays written while the choice is in use,
// and three arguments a loop with a barrier (scf.for, scf.while) carries,
// trading places each trip. Vulkan has no variable
// pointers and rejected each ("choosing a buffer at run time"); there the
// rest of the choice's block now runs once for each buffer. The host
// target rejected the last ("a loop holding 'gpu.barrier' cannot carry a
// memref"); the loop now selects its buffers by the trip number.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
module attributes {gpu.container_module} {
  gpu.module @k {
    // Thread t: a[t] or b[t] by %flag, plus b[t] where t is even and a[t]
    // where it is odd, plus the other one of those two through an scf.if.
    gpu.func @pick(%flag: i32, %a: memref<8xi32>, %b: memref<8xi32>,
                   %out: memref<8xi32>) kernel {
      %t = gpu.thread_id x
      %zero = arith.constant 0 : i32
      %c1 = arith.constant 1 : index
      %useA = arith.cmpi ne, %flag, %zero : i32
      %src = arith.select %useA, %a, %b : memref<8xi32>
      %v = memref.load %src[%t] : memref<8xi32>
      %bit = arith.andi %t, %c1 : index
      %even = arith.cmpi ne, %bit, %c1 : index
      %other = arith.select %even, %b, %a : memref<8xi32>
      %w = memref.load %other[%t] : memref<8xi32>
      %third = scf.if %even -> memref<8xi32> {
        scf.yield %a : memref<8xi32>
      } else {
        scf.yield %b : memref<8xi32>
      }
      %x = memref.load %third[%t] : memref<8xi32>
      %s = arith.addi %v, %w : i32
      %s2 = arith.addi %s, %x : i32
      memref.store %s2, %out[%t] : memref<8xi32>
      gpu.return
    }

    // Three rounds: each thread writes in[t] + round into one workgroup
    // buffer, chosen by the round and %flag alike in the whole workgroup,
    // and after a barrier adds what thread 7 - t wrote there.
    gpu.func @turns(%flag: i32, %in: memref<8xi32>, %out: memref<8xi32>)
        workgroup(%w0: memref<8xi32, #gpu.address_space<workgroup>>,
                  %w1: memref<8xi32, #gpu.address_space<workgroup>>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c7 = arith.constant 7 : index
      %zero = arith.constant 0 : i32
      %first = arith.cmpi ne, %flag, %zero : i32
      %v = memref.load %in[%t] : memref<8xi32>
      %sum = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> i32 {
        %bit = arith.andi %i, %c1 : index
        %odd = arith.cmpi ne, %bit, %c0 : index
        %swap = arith.xori %odd, %first : i1
        %buf = arith.select %swap, %w0, %w1
            : memref<8xi32, #gpu.address_space<workgroup>>
        %ii = arith.index_cast %i : index to i32
        %x = arith.addi %v, %ii : i32
        memref.store %x, %buf[%t] : memref<8xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %r = arith.subi %c7, %t : index
        %y = memref.load %buf[%r] : memref<8xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %n = arith.addi %acc, %y : i32
        scf.yield %n : i32
      }
      memref.store %sum, %out[%t] : memref<8xi32>
      gpu.return
    }

    // Two private arrays, a = [10 t] and b = [100 + t]; threads 0 and 1
    // choose a, the others b. a is then written (one more than what the
    // choice reads), and 1000 added through the choice: a ends 10 t + 1001
    // where it was chosen, else 101 + t.
    gpu.func @privates(%out: memref<8xi32>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %one = arith.constant 1 : i32
      %ten = arith.constant 10 : i32
      %hundred = arith.constant 100 : i32
      %thousand = arith.constant 1000 : i32
      %ti = arith.index_cast %t : index to i32
      %a = memref.alloca() : memref<1xi32>
      %b = memref.alloca() : memref<1xi32>
      %av = arith.muli %ti, %ten : i32
      %bv = arith.addi %ti, %hundred : i32
      memref.store %av, %a[%c0] : memref<1xi32>
      memref.store %bv, %b[%c0] : memref<1xi32>
      %low = arith.cmpi ult, %t, %c2 : index
      %s = arith.select %low, %a, %b : memref<1xi32>
      %before = memref.load %s[%c0] : memref<1xi32>
      %next = arith.addi %before, %one : i32
      memref.store %next, %a[%c0] : memref<1xi32>
      %x = memref.load %s[%c0] : memref<1xi32>
      %y = arith.addi %x, %thousand : i32
      memref.store %y, %s[%c0] : memref<1xi32>
      %r = memref.load %a[%c0] : memref<1xi32>
      memref.store %r, %out[%t] : memref<8xi32>
      gpu.return
    }

    // Each branch yields a view of the argument (its low or high half):
    // even threads read the low half, odd ones the high half.
    gpu.func @halves(%a: memref<16xi32>, %out: memref<8xi32>) kernel {
      %t = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %bit = arith.andi %t, %c1 : index
      %even = arith.cmpi ne, %bit, %c1 : index
      %half = scf.if %even -> memref<8xi32, strided<[1], offset: ?>> {
        %c0 = arith.constant 0 : index
        %low = memref.subview %a[%c0] [8] [1]
            : memref<16xi32> to memref<8xi32, strided<[1], offset: ?>>
        scf.yield %low : memref<8xi32, strided<[1], offset: ?>>
      } else {
        %c8 = arith.constant 8 : index
        %high = memref.subview %a[%c8] [8] [1]
            : memref<16xi32> to memref<8xi32, strided<[1], offset: ?>>
        scf.yield %high : memref<8xi32, strided<[1], offset: ?>>
      }
      %x = memref.load %half[%t] : memref<8xi32, strided<[1], offset: ?>>
      memref.store %x, %out[%t] : memref<8xi32>
      gpu.return
    }

    // A buffer and two values chosen by one condition, one of them passed
    // to the next trip: odd trips add a[t] + 1, even ones nothing.
    gpu.func @decided(%a: memref<8xi32>, %b: memref<8xi32>,
                      %out: memref<8xi32>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> i32 {
        %ii = arith.index_cast %i : index to i32
        %bit = arith.andi %ii, %one : i32
        %odd = arith.cmpi ne, %bit, %zero : i32
        %buf = arith.select %odd, %a, %b : memref<8xi32>
        %v = memref.load %buf[%t] : memref<8xi32>
        %k = arith.select %odd, %one, %zero : i32
        %n0 = arith.addi %acc, %v : i32
        %n = arith.addi %n0, %k : i32
        %next = arith.select %odd, %n, %acc : i32
        scf.yield %next : i32
      }
      memref.store %sum, %out[%t] : memref<8xi32>
      gpu.return
    }

    // %n trips; each makes z[t] = x[7 - t] + y[t] + trip, and the next
    // trip's x, y, z are this one's y, z, x.
    gpu.func @rotate(%n: index, %a: memref<8xi32>, %b: memref<8xi32>,
                     %c: memref<8xi32>, %out: memref<8xi32>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c7 = arith.constant 7 : index
      %r:3 = scf.for %i = %c0 to %n step %c1
          iter_args(%x = %a, %y = %b, %z = %c)
          -> (memref<8xi32>, memref<8xi32>, memref<8xi32>) {
        %o = arith.subi %c7, %t : index
        %u = memref.load %x[%o] : memref<8xi32>
        %v = memref.load %y[%t] : memref<8xi32>
        %ii = arith.index_cast %i : index to i32
        %s = arith.addi %u, %v : i32
        %w = arith.addi %s, %ii : i32
        memref.store %w, %z[%t] : memref<8xi32>
        gpu.barrier
        scf.yield %y, %z, %x : memref<8xi32>, memref<8xi32>, memref<8xi32>
      }
      %last = memref.load %r#0[%t] : memref<8xi32>
      memref.store %last, %out[%t] : memref<8xi32>
      gpu.return
    }

    // %n trips, each writing into the carried buffer what thread 7 - t
    // read there plus the trip; from trip %k on, the trips choose b.
    gpu.func @settle(%n: index, %k: index, %a: memref<8xi32>,
                     %b: memref<8xi32>, %out: memref<8xi32>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c7 = arith.constant 7 : index
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a)
          -> memref<8xi32> {
        %o = arith.subi %c7, %t : index
        %u = memref.load %m[%o] : memref<8xi32>
        gpu.barrier
        %ii = arith.index_cast %i : index to i32
        %w = arith.addi %u, %ii : i32
        memref.store %w, %m[%t] : memref<8xi32>
        gpu.barrier
        %late = arith.cmpi uge, %i, %k : index
        %next = arith.select %late, %b, %m : memref<8xi32>
        scf.yield %next : memref<8xi32>
      }
      %last = memref.load %r[%t] : memref<8xi32>
      memref.store %last, %out[%t] : memref<8xi32>
      gpu.return
    }

    // Each trip i, threads below i choose b, the others keep their
    // buffer, and add one to their element of it.
    gpu.func @pick_loop(%n: index, %a: memref<8xi32>, %b: memref<8xi32>,
                        %out: memref<8xi32>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %one = arith.constant 1 : i32
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%m = %a)
          -> memref<8xi32> {
        %early = arith.cmpi ult, %t, %i : index
        %s = arith.select %early, %b, %m : memref<8xi32>
        %v = memref.load %s[%t] : memref<8xi32>
        %v1 = arith.addi %v, %one : i32
        memref.store %v1, %s[%t] : memref<8xi32>
        scf.yield %s : memref<8xi32>
      }
      %last = memref.load %r[%t] : memref<8xi32>
      memref.store %last, %out[%t] : memref<8xi32>
      gpu.return
    }

    // The same as an scf.while, which counts its trips itself.
    gpu.func @rotate_while(%n: index, %a: memref<8xi32>, %b: memref<8xi32>,
                           %c: memref<8xi32>, %out: memref<8xi32>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c7 = arith.constant 7 : index
      %r:4 = scf.while (%i = %c0, %x = %a, %y = %b, %z = %c)
          : (index, memref<8xi32>, memref<8xi32>, memref<8xi32>)
          -> (index, memref<8xi32>, memref<8xi32>, memref<8xi32>) {
        %go = arith.cmpi ult, %i, %n : index
        scf.condition(%go) %i, %x, %y, %z
            : index, memref<8xi32>, memref<8xi32>, memref<8xi32>
      } do {
      ^bb0(%i: index, %x: memref<8xi32>, %y: memref<8xi32>,
           %z: memref<8xi32>):
        %o = arith.subi %c7, %t : index
        %u = memref.load %x[%o] : memref<8xi32>
        %v = memref.load %y[%t] : memref<8xi32>
        %ii = arith.index_cast %i : index to i32
        %s = arith.addi %u, %v : i32
        %w = arith.addi %s, %ii : i32
        memref.store %w, %z[%t] : memref<8xi32>
        gpu.barrier
        %next = arith.addi %i, %c1 : index
        scf.yield %next, %y, %z, %x
            : index, memref<8xi32>, memref<8xi32>, memref<8xi32>
      }
      %last = memref.load %r#1[%t] : memref<8xi32>
      memref.store %last, %out[%t] : memref<8xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %hundred = arith.constant 100 : i32
    %a = gpu.alloc host_shared () : memref<8xi32>
    %b = gpu.alloc host_shared () : memref<8xi32>
    %out = gpu.alloc host_shared () : memref<8xi32>
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %bi = arith.addi %ii, %hundred : i32
      memref.store %ii, %a[%i] : memref<8xi32>
      memref.store %bi, %b[%i] : memref<8xi32>
    }
    %print = memref.cast %out : memref<8xi32> to memref<*xi32>
    // a = [t], b = [100 + t]: t + 100 + 2 t, then 100 + t + 100 + 2 t.
    // CHECK: [100,  103,  106,  109,  112,  115,  118,  121]
    gpu.launch_func @k::@pick blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1)
        args(%one : i32, %a : memref<8xi32>, %b : memref<8xi32>,
             %out : memref<8xi32>)
    call @printMemrefI32(%print) : (memref<*xi32>) -> ()
    // CHECK: [200,  203,  206,  209,  212,  215,  218,  221]
    gpu.launch_func @k::@pick blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1)
        args(%zero : i32, %a : memref<8xi32>, %b : memref<8xi32>,
             %out : memref<8xi32>)
    call @printMemrefI32(%print) : (memref<*xi32>) -> ()
    // Thread t: 3 (7 - t) + 0 + 1 + 2.
    // CHECK: [24,  21,  18,  15,  12,  9,  6,  3]
    gpu.launch_func @k::@turns blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1)
        args(%one : i32, %a : memref<8xi32>, %out : memref<8xi32>)
    call @printMemrefI32(%print) : (memref<*xi32>) -> ()
    // CHECK: [1001,  1011,  103,  104,  105,  106,  107,  108]
    gpu.launch_func @k::@privates blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1) args(%out : memref<8xi32>)
    call @printMemrefI32(%print) : (memref<*xi32>) -> ()
    %c16 = arith.constant 16 : index
    %sixteen = gpu.alloc host_shared () : memref<16xi32>
    scf.for %i = %c0 to %c16 step %c1 {
      %ii = arith.index_cast %i : index to i32
      memref.store %ii, %sixteen[%i] : memref<16xi32>
    }
    // CHECK: [0,  9,  2,  11,  4,  13,  6,  15]
    gpu.launch_func @k::@halves blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1)
        args(%sixteen : memref<16xi32>, %out : memref<8xi32>)
    call @printMemrefI32(%print) : (memref<*xi32>) -> ()
    // CHECK: [2,  4,  6,  8,  10,  12,  14,  16]
    gpu.launch_func @k::@decided blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1)
        args(%a : memref<8xi32>, %b : memref<8xi32>, %out : memref<8xi32>)
    call @printMemrefI32(%print) : (memref<*xi32>) -> ()
    // a = [t], b = [100 + t], c = [200 + t]; after four trips x is b.
    %c = gpu.alloc host_shared () : memref<8xi32>
    %two_hundred = arith.constant 200 : i32
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %ci = arith.addi %ii, %two_hundred : i32
      memref.store %ci, %c[%i] : memref<8xi32>
    }
    %c4 = arith.constant 4 : index
    // CHECK: [324,  323,  322,  321,  320,  319,  318,  317]
    gpu.launch_func @k::@rotate blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1)
        args(%c4 : index, %a : memref<8xi32>, %b : memref<8xi32>,
             %c : memref<8xi32>, %out : memref<8xi32>)
    call @printMemrefI32(%print) : (memref<*xi32>) -> ()
    // No trip: x is a, as the four trips left it.
    // CHECK: [215,  214,  213,  212,  211,  210,  209,  208]
    gpu.launch_func @k::@rotate blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1)
        args(%c0 : index, %a : memref<8xi32>, %b : memref<8xi32>,
             %c : memref<8xi32>, %out : memref<8xi32>)
    call @printMemrefI32(%print) : (memref<*xi32>) -> ()
    // Five trips of the scf.while: x is c. Then none: x is a.
    %c5 = arith.constant 5 : index
    // CHECK: [2244,  2244,  2244,  2244,  2244,  2244,  2244,  2244]
    gpu.launch_func @k::@rotate_while blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1)
        args(%c5 : index, %a : memref<8xi32>, %b : memref<8xi32>,
             %c : memref<8xi32>, %out : memref<8xi32>)
    call @printMemrefI32(%print) : (memref<*xi32>) -> ()
    // CHECK: [3639,  3638,  3637,  3636,  3635,  3634,  3633,  3632]
    gpu.launch_func @k::@rotate_while blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1)
        args(%c0 : index, %a : memref<8xi32>, %b : memref<8xi32>,
             %c : memref<8xi32>, %out : memref<8xi32>)
    call @printMemrefI32(%print) : (memref<*xi32>) -> ()
    // Buffers a loop chooses among, not in turns: p = [t], q = [100 + t].
    %p = gpu.alloc host_shared () : memref<8xi32>
    %q = gpu.alloc host_shared () : memref<8xi32>
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %qi = arith.addi %ii, %hundred : i32
      memref.store %ii, %p[%i] : memref<8xi32>
      memref.store %qi, %q[%i] : memref<8xi32>
    }
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    %c9 = arith.constant 9 : index
    // Trips 0 to 2 turn p around, adding the trip; 3 and 4 turn q.
    // CHECK: [107,  108,  109,  110,  111,  112,  113,  114]
    gpu.launch_func @k::@settle blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1)
        args(%c5 : index, %c2 : index, %p : memref<8xi32>,
             %q : memref<8xi32>, %out : memref<8xi32>)
    call @printMemrefI32(%print) : (memref<*xi32>) -> ()
    // Three trips, all in p.
    // CHECK: [6,  7,  8,  9,  10,  11,  12,  13]
    gpu.launch_func @k::@settle blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1)
        args(%c3 : index, %c9 : index, %p : memref<8xi32>,
             %q : memref<8xi32>, %out : memref<8xi32>)
    call @printMemrefI32(%print) : (memref<*xi32>) -> ()
    // CHECK: [112,  112,  112,  112,  112,  17,  18,  19]
    gpu.launch_func @k::@pick_loop blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1)
        args(%c6 : index, %p : memref<8xi32>, %q : memref<8xi32>,
             %out : memref<8xi32>)
    call @printMemrefI32(%print) : (memref<*xi32>) -> ()
    return
  }
}
